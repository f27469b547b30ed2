// The Inspector's "Tool calls" tab: beside the gateway's exchange, what each of the conversation's tool calls said
// on its tool server: the JSON-RPC messages both ways (tools/call, progress, the answer, a cancel), or the note
// that it was answered with a canned result, found by the model's call id. A call whose result is not in yet is
// read again every second, so its messages show as they come.
import { useEffect, useState } from 'react'
import type { LogEntry } from '../../../../shared/tools/catalog'
import type { ToolServerView } from '../../../../shared/tools/serverConfig'
import { useTextStore } from '../../stores/text'
import { useToolServersStore } from '../../stores/tools'
import { ToolLogEntries } from '../../components/toolLog/ToolLogEntries'

/** Tool calls listed, newest first. */
const SHOWN = 20
const LIVE_MS = 1000

interface CallRow {
  id: string
  name: string
  arguments: string
  origin?: string
  answered: boolean
}

function callRows(messages: ReturnType<typeof useTextStore.getState>['messages']): CallRow[] {
  const origins = new Map<string, string | undefined>()
  for (const m of messages)
    for (const p of m.parts) if (p.type === 'toolResult') origins.set(p.callId, p.origin ?? 'typed')
  const rows: CallRow[] = []
  for (const m of messages)
    for (const p of m.parts)
      if (p.type === 'toolCall')
        rows.push({
          id: p.id,
          name: p.name,
          arguments: p.arguments,
          origin: origins.get(p.id),
          answered: origins.has(p.id),
        })
  return rows.reverse().slice(0, SHOWN)
}

export function ToolCallMessages() {
  const messages = useTextStore((s) => s.messages)
  const servers = useToolServersStore((s) => s.servers)
  const tools = useToolServersStore((s) => s.tools)
  const loaded = useToolServersStore((s) => s.loaded)
  const watch = useToolServersStore((s) => s.watch)
  useEffect(() => {
    if (!loaded) void watch()
  }, [loaded, watch])
  const rows = callRows(messages)
  /** The server a call's tool is on: the connected one offering it, else one with a canned result for it. */
  const serverOf = (name: string): ToolServerView | null =>
    servers.find((s) => tools[s.id]?.some((t) => t.name === name)) ??
    servers.find((s) => s.canned.some((c) => c.tool === name)) ??
    null
  if (rows.length === 0) return <p className="muted">No tool calls in this conversation yet.</p>
  return (
    <div className="tool-call-messages" data-testid="tool-call-messages">
      <p className="muted small">
        Each tool call of this conversation (newest first, the last {SHOWN}) with what its tool server said
        about it. Servers keep their newest 2,000 log entries; the whole log is in Settings → Tool servers.
      </p>
      {rows.map((row, i) => (
        <CallMessages key={row.id} row={row} server={serverOf(row.name)} open={i === 0} />
      ))}
    </div>
  )
}

function CallMessages({ row, server, open }: { row: CallRow; server: ToolServerView | null; open: boolean }) {
  const callMessages = useToolServersStore((s) => s.callMessages)
  const [entries, setEntries] = useState<LogEntry[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [shown, setShown] = useState(open)
  const serverId = server?.id
  useEffect(() => {
    if (!shown || !serverId) return
    let stop = false
    const read = () =>
      callMessages(serverId, row.id).then(
        (list) => !stop && (setEntries(list), setError(null)),
        (e: unknown) => !stop && setError(e instanceof Error ? e.message : String(e)),
      )
    void read()
    // Not answered yet: its messages may still be coming (progress, the answer, a cancel).
    const timer = row.answered ? null : setInterval(() => void read(), LIVE_MS)
    return () => {
      stop = true
      if (timer) clearInterval(timer)
    }
  }, [shown, serverId, row.id, row.answered, callMessages])

  return (
    <details
      className="tool-call-log"
      open={shown}
      onToggle={(e) => setShown((e.target as HTMLDetailsElement).open)}
    >
      <summary>
        <code>{row.name}</code> <span className="muted small">{row.id}</span>
        {server && <span className="muted small"> · {server.name}</span>}
        {row.origin && row.origin !== 'typed' && <span className="badge">{row.origin}</span>}
        {!row.answered && <span className="badge synthetic">waiting for its result</span>}
        {entries && (
          <span className="muted small">
            {' '}
            · {entries.length} {entries.length === 1 ? 'message' : 'messages'}
          </span>
        )}
      </summary>
      <p className="muted small mono">Arguments: {row.arguments || '{}'}</p>
      {!server ? (
        <p className="muted small">
          No tool server has this tool: its result was typed, so no server was asked.
        </p>
      ) : error ? (
        <p className="field-error small">Could not read its messages: {error}</p>
      ) : entries === null ? (
        <p className="muted small">Reading its messages…</p>
      ) : entries.length === 0 ? (
        <p className="muted small">
          {server.name} has no messages for this call: it did not run there
          {row.origin === 'typed' ? ' (its result was typed)' : ''}, or its entries left the log.
        </p>
      ) : (
        <ToolLogEntries entries={entries} label={`Messages of ${row.id}`} />
      )}
    </details>
  )
}
