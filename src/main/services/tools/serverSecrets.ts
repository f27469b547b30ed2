// The secret values of tool servers (an environment variable or a header the user marked secret): kept in the
// secret store under `tool:<server>:<env|header>:<name>`, blank in the saved settings, filled in only for the
// connection, and held in memory so views show a hint and logs are scrubbed of them.
import type { NamedValue, ToolServerFields } from '../../../shared/tools/serverConfig'
import type { SecretStore } from '../ports'

type Kind = 'env' | 'header'
const ref = (id: string, kind: Kind, name: string) => `tool:${id}:${kind}:${name}`
const entriesOf = (f: ToolServerFields) =>
  f.connection.transport === 'stdio'
    ? { kind: 'env' as const, list: f.connection.env }
    : { kind: 'header' as const, list: f.connection.headers }

function withEntries(fields: ToolServerFields, list: NamedValue[]): ToolServerFields {
  const c = fields.connection
  return { ...fields, connection: c.transport === 'stdio' ? { ...c, env: list } : { ...c, headers: list } }
}

export class ServerSecrets {
  private readonly cache = new Map<string, string | null>()
  private readonly byServer = new Map<string, string[]>()

  constructor(private readonly store: SecretStore) {}

  /** The fields to save: secret values moved to the store (a blank one keeps what is set), removed ones deleted. */
  async keep(id: string, fields: ToolServerFields, before?: ToolServerFields): Promise<ToolServerFields> {
    const { kind, list } = entriesOf(fields)
    const kept: NamedValue[] = []
    for (const e of list) {
      if (e.secret && e.value !== '') await this.store.set(ref(id, kind, e.name), e.value)
      kept.push(e.secret ? { ...e, value: '' } : e)
    }
    if (before) {
      const old = entriesOf(before)
      const names = new Set(kept.filter((e) => e.secret).map((e) => `${kind}:${e.name}`))
      for (const e of old.list)
        if (e.secret && !names.has(`${old.kind}:${e.name}`))
          await this.store.delete(ref(id, old.kind, e.name))
    }
    return withEntries(fields, kept)
  }

  /** The fields with their secret values, for the connection only. */
  async filled(id: string, fields: ToolServerFields): Promise<ToolServerFields> {
    const { kind, list } = entriesOf(fields)
    const out: NamedValue[] = []
    for (const e of list)
      out.push(e.secret ? { ...e, value: (await this.store.get(ref(id, kind, e.name))) ?? '' } : e)
    return withEntries(fields, out)
  }

  async forget(id: string, fields: ToolServerFields): Promise<void> {
    const { kind, list } = entriesOf(fields)
    for (const e of list) if (e.secret) await this.store.delete(ref(id, kind, e.name))
    this.byServer.delete(id)
  }

  cached(id: string, kind: Kind, name: string): string | null {
    return this.cache.get(ref(id, kind, name)) ?? null
  }

  /** A server's secret values, for scrubbing. */
  values(id: string): string[] {
    return this.byServer.get(id) ?? []
  }

  /** Every server's secret values (main masks them in all that leaves it and keeps them off disk). */
  all(): string[] {
    return [...this.byServer.values()].flat()
  }

  /** Reads the secret values of the servers (or of one) into memory. */
  async refresh(servers: readonly { id: string; fields: ToolServerFields }[], only?: string): Promise<void> {
    for (const s of servers) {
      if (only && s.id !== only) continue
      const { kind, list } = entriesOf(s.fields)
      const values: string[] = []
      for (const e of list) {
        if (!e.secret) continue
        const value = await this.store.get(ref(s.id, kind, e.name))
        this.cache.set(ref(s.id, kind, e.name), value)
        if (value) values.push(value)
      }
      this.byServer.set(s.id, values)
    }
  }
}
