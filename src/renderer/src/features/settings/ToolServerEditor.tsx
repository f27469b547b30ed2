// A tool server's settings: its name, how it is reached (a command run over stdio with its arguments, working
// folder and environment; or a Streamable HTTP URL with its headers and the legacy SSE fallback) and its limits.
// A value marked secret goes to main's secret store and is never shown again (blank keeps the one set). Errors
// name the field and the rule, once Save was pressed.
import { useState, type FormEvent } from 'react'
import {
  TOOL_SERVER_DEFAULTS,
  toolServerFieldsSchema,
  type ToolServerFieldsInput,
  type ToolServerView,
} from '../../../../shared/tools/serverConfig'
import { SaveRow, useSave } from './SaveRow'

interface Row {
  name: string
  value: string
  secret: boolean
  /** A secret already set in main (blank keeps it). */
  hint?: string | null
}

interface Draft {
  name: string
  transport: 'stdio' | 'http'
  command: string
  args: string
  cwd: string
  env: Row[]
  url: string
  headers: Row[]
  sseFallback: boolean
  limits: Record<keyof typeof TOOL_SERVER_DEFAULTS, string>
}

function draftOf(view: ToolServerView | null): Draft {
  const c = view?.connection
  const rows = (list: { name: string; value: string; secret: boolean; hint?: string | null }[]) =>
    list.map((e) => ({ name: e.name, value: e.value, secret: e.secret, hint: e.hint ?? null }))
  const limits = view?.limits ?? TOOL_SERVER_DEFAULTS
  return {
    name: view?.name ?? '',
    transport: c?.transport ?? 'stdio',
    command: c?.transport === 'stdio' ? c.command : '',
    args: c?.transport === 'stdio' ? c.args.join('\n') : '',
    cwd: c?.transport === 'stdio' ? c.cwd : '',
    env: c?.transport === 'stdio' ? rows(c.env) : [],
    url: c?.transport === 'http' ? c.url : '',
    headers: c?.transport === 'http' ? rows(c.headers) : [],
    sseFallback: c?.transport === 'http' ? c.sseFallback : true,
    limits: {
      messageMb: String(limits.messageMb),
      connectTimeoutS: String(limits.connectTimeoutS),
      callTimeoutS: String(limits.callTimeoutS),
      callMaxS: String(limits.callMaxS),
    },
  }
}

function fieldsOf(d: Draft): ToolServerFieldsInput {
  const rows = (list: Row[]) =>
    list.map(({ name, value, secret }) => ({ name, value, secret })).filter((r) => r.name || r.value)
  const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s))
  return {
    name: d.name,
    connection:
      d.transport === 'stdio'
        ? {
            transport: 'stdio',
            command: d.command,
            args: d.args === '' ? [] : d.args.split('\n'),
            cwd: d.cwd,
            env: rows(d.env),
          }
        : { transport: 'http', url: d.url, headers: rows(d.headers), sseFallback: d.sseFallback },
    limits: {
      messageMb: num(d.limits.messageMb),
      connectTimeoutS: num(d.limits.connectTimeoutS),
      callTimeoutS: num(d.limits.callTimeoutS),
      callMaxS: num(d.limits.callMaxS),
    },
  }
}

const LABELS: Record<string, string> = {
  name: 'Name',
  command: 'Command',
  args: 'Arguments',
  cwd: 'Working folder',
  env: 'Environment',
  url: 'URL',
  headers: 'Headers',
  messageMb: 'Largest message (MB)',
  connectTimeoutS: 'Connect time limit (s)',
  callTimeoutS: 'Call time limit without progress (s)',
  callMaxS: 'Longest call (s)',
}

/** "Environment, row 2, name: …": the field a rule is about, in the words on screen. */
function issueText(path: PropertyKey[], message: string): string {
  const keys = path.filter((p): p is string => typeof p === 'string' && p !== 'connection' && p !== 'limits')
  const row = path.find((p): p is number => typeof p === 'number')
  const head = keys[0] ? (LABELS[keys[0]] ?? keys[0]) : 'Server'
  const tail = row !== undefined ? `, row ${row + 1}${keys[1] ? `, ${keys[1]}` : ''}` : ''
  return `${head}${tail}: ${message}`
}

interface Props {
  initial: ToolServerView | null
  onSave(fields: ToolServerFieldsInput): Promise<void>
  onCancel(): void
}

export function ToolServerEditor({ initial, onSave, onCancel }: Props) {
  const [d, setD] = useState<Draft>(() => draftOf(initial))
  const [tried, setTried] = useState(false)
  const { state, run, clearNote } = useSave()
  const change = (patch: Partial<Draft>) => {
    clearNote()
    setD((x) => ({ ...x, ...patch }))
  }
  const parsed = toolServerFieldsSchema.safeParse(fieldsOf(d))
  const issues = tried && !parsed.success ? parsed.error.issues.map((i) => issueText(i.path, i.message)) : []
  const invalid = (key: string) => (issues.some((t) => t.startsWith(`${LABELS[key]}`)) ? true : undefined)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setTried(true)
    if (!parsed.success) return
    void run(async () => {
      await onSave(fieldsOf(d))
      return 'Saved.'
    })
  }

  const rowsKey = d.transport === 'stdio' ? 'env' : 'headers'
  const rows = d[rowsKey]
  const setRows = (next: Row[]) => change({ [rowsKey]: next } as Partial<Draft>)

  return (
    <form className="profile-editor tool-server-editor" onSubmit={submit} aria-label="Tool server">
      <h2>{initial ? `Edit ${initial.name}` : 'New tool server'}</h2>
      <label>
        Name
        <input
          value={d.name}
          aria-invalid={invalid('name')}
          onChange={(e) => change({ name: e.target.value })}
        />
      </label>
      <fieldset className="toolbar">
        <legend>Transport</legend>
        <label>
          <input
            type="radio"
            name="transport"
            checked={d.transport === 'stdio'}
            onChange={() => change({ transport: 'stdio' })}
          />
          Command (stdio)
        </label>
        <label>
          <input
            type="radio"
            name="transport"
            checked={d.transport === 'http'}
            onChange={() => change({ transport: 'http' })}
          />
          URL (Streamable HTTP)
        </label>
      </fieldset>
      {d.transport === 'stdio' ? (
        <>
          <label>
            Command
            <input
              value={d.command}
              placeholder="npx"
              aria-invalid={invalid('command')}
              onChange={(e) => change({ command: e.target.value })}
            />
          </label>
          <label>
            Arguments (one per line)
            <textarea
              rows={3}
              value={d.args}
              placeholder={'-y\n@modelcontextprotocol/server-everything'}
              onChange={(e) => change({ args: e.target.value })}
            />
          </label>
          <label>
            Working folder (blank: your home folder)
            <input value={d.cwd} onChange={(e) => change({ cwd: e.target.value })} />
          </label>
          <p className="muted small">
            The server runs with only the variables below, and your PATH, HOME, locale and user name: none of
            the app's keys.
          </p>
        </>
      ) : (
        <>
          <label>
            URL
            <input
              value={d.url}
              placeholder="http://127.0.0.1:3001/mcp"
              aria-invalid={invalid('url')}
              onChange={(e) => change({ url: e.target.value })}
            />
          </label>
          <label className="inline">
            <input
              type="checkbox"
              checked={d.sseFallback}
              onChange={(e) => change({ sseFallback: e.target.checked })}
            />
            Fall back to the legacy SSE transport when the URL does not speak Streamable HTTP
          </label>
        </>
      )}
      <fieldset className="tool-server-rows">
        <legend>{d.transport === 'stdio' ? 'Environment' : 'Headers'}</legend>
        {rows.map((r, i) => (
          <div className="tool-server-row" key={i}>
            <input
              aria-label={`${d.transport === 'stdio' ? 'Variable' : 'Header'} ${i + 1} name`}
              placeholder="NAME"
              value={r.name}
              onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))}
            />
            <input
              aria-label={`${d.transport === 'stdio' ? 'Variable' : 'Header'} ${i + 1} value`}
              type={r.secret ? 'password' : 'text'}
              placeholder={r.secret && r.hint ? `set (${r.hint}); blank keeps it` : 'value'}
              value={r.value}
              onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))}
            />
            <label className="inline">
              <input
                type="checkbox"
                checked={r.secret}
                onChange={(e) =>
                  setRows(rows.map((x, j) => (j === i ? { ...x, secret: e.target.checked } : x)))
                }
              />
              Secret
            </label>
            <button type="button" onClick={() => setRows(rows.filter((_, j) => j !== i))}>
              Remove
            </button>
          </div>
        ))}
        <button type="button" onClick={() => setRows([...rows, { name: '', value: '', secret: false }])}>
          {d.transport === 'stdio' ? 'Add variable' : 'Add header'}
        </button>
      </fieldset>
      <fieldset className="toolbar">
        <legend>Limits</legend>
        {(Object.keys(d.limits) as (keyof Draft['limits'])[]).map((k) => (
          <label key={k}>
            {LABELS[k]}
            <input
              inputMode="decimal"
              value={d.limits[k]}
              aria-invalid={invalid(k)}
              onChange={(e) => change({ limits: { ...d.limits, [k]: e.target.value } })}
            />
          </label>
        ))}
      </fieldset>
      {issues.length > 0 && (
        <ul className="error-banner" role="alert" aria-label="Problems">
          {issues.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      )}
      <SaveRow state={state} label="Save" failed="Could not save the tool server" />
      <div className="actions">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}
