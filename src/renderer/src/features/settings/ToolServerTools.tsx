// A connected tool server's offer and its log: each tool with its description and input schema (how a model's
// calls to it are answered, and its canned result), a call made by hand with JSON arguments to see what the model would get back,
// and the log (the JSON-RPC messages both ways, what the server wrote to stderr, the app's notes), live while open.
import { useEffect, useState } from 'react'
import type { ToolServerView } from '../../../../shared/tools/serverConfig'
import type { ToolOutcome } from '../../../../shared/tools/toolCall'
import { useToolServersStore } from '../../stores/tools'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'
import { ToolLogEntries } from '../../components/toolLog/ToolLogEntries'
import { CannedResultEditor, ToolModeSelect } from './ToolAnswerControls'

/** A starting set of arguments from a schema: each required property with an empty value of its type. */
function argumentsSkeleton(schema: Record<string, unknown>): string {
  const props = (schema.properties ?? {}) as Record<string, { type?: unknown }>
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : []
  const blank = (type: unknown) =>
    type === 'number' || type === 'integer'
      ? 0
      : type === 'boolean'
        ? false
        : type === 'array'
          ? []
          : type === 'object'
            ? {}
            : ''
  return JSON.stringify(Object.fromEntries(required.map((k) => [k, blank(props[k]?.type)])), null, 2)
}

export function ToolServerTools({ server }: { server: ToolServerView }) {
  const tools = useToolServersStore((s) => s.tools[server.id])
  const call = useToolServersStore((s) => s.call)
  const [trying, setTrying] = useState<string | null>(null)
  const [args, setArgs] = useState('{}')
  const [argsError, setArgsError] = useState<string | null>(null)
  const [running, setRunning] = useState(false)
  const [outcome, setOutcome] = useState<ToolOutcome | null>(null)
  const [callError, setCallError] = useState<string | null>(null)
  const connected = server.state.status === 'connected'

  const tryTool = async () => {
    if (!trying) return
    let parsed: unknown
    try {
      parsed = JSON.parse(args)
    } catch (e) {
      setOutcome(null)
      return setArgsError(`Arguments: not JSON (${(e as Error).message})`)
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      return setArgsError('Arguments: a JSON object such as {"a": 2}')
    setOutcome(null)
    setArgsError(null)
    setCallError(null)
    setOutcome(null)
    setRunning(true)
    try {
      setOutcome(await call(server.id, trying, parsed as Record<string, unknown>))
    } catch (e) {
      setCallError(e instanceof Error ? e.message : String(e))
    } finally {
      setRunning(false)
    }
  }

  const tryArea = trying && (
    <section className="tool-try" aria-label={`Try ${trying}`}>
      <h4>
        Try <code>{trying}</code>
      </h4>
      <label>
        Arguments (JSON)
        <textarea
          rows={5}
          value={args}
          aria-invalid={argsError ? true : undefined}
          onChange={(e) => setArgs(e.target.value)}
        />
      </label>
      <ErrorBanner>{argsError}</ErrorBanner>
      <div className="actions">
        <button className="primary" disabled={running} onClick={() => void tryTool()}>
          {running ? 'Calling…' : 'Call'}
        </button>
      </div>
      <ErrorBanner what="The call failed">{callError}</ErrorBanner>
      {outcome && (
        <div className={`tool-outcome${outcome.isError ? ' error' : ''}`} data-testid="tool-outcome">
          <p className="small">
            {outcome.isError
              ? outcome.failure
                ? `Failed (${outcome.failure})`
                : 'The tool reported an error'
              : 'Result'}{' '}
            · {Math.round(outcome.ms)} ms · {outcome.chars.toLocaleString('en-US')} characters
            {outcome.notes.length > 0 && ` · ${outcome.notes.join('; ')}`}
          </p>
          <pre>{outcome.text}</pre>
        </div>
      )}
    </section>
  )

  return (
    <>
      {connected && (
        <section className="tool-list" aria-label={`Tools of ${server.name}`}>
          <h4>Tools</h4>
          {!tools && <p className="muted small">Reading the tools…</p>}
          {tools?.length === 0 && <p className="muted small">This server offers no tools.</p>}
          <ul>
            {tools?.map((t) => (
              <li key={t.name}>
                <details>
                  <summary>
                    <code>{t.name}</code>{' '}
                    {t.description && <span className="muted small">{t.description}</span>}
                    {!t.offered && <span className="badge warn">schema too large to offer</span>}
                  </summary>
                  <pre className="tool-schema">{JSON.stringify(t.inputSchema, null, 2)}</pre>
                </details>
                <div className="actions">
                  <button
                    onClick={() => {
                      setTrying(t.name)
                      setArgs(argumentsSkeleton(t.inputSchema))
                      setOutcome(null)
                      setArgsError(null)
                      setCallError(null)
                    }}
                  >
                    Try {t.name}
                  </button>
                  <ToolModeSelect server={server} tool={t.name} />
                </div>
                {trying === t.name && tryArea}
                <CannedResultEditor
                  server={server}
                  tool={t.name}
                  seed={
                    trying === t.name && outcome ? { text: outcome.text, isError: outcome.isError } : null
                  }
                />
              </li>
            ))}
          </ul>
        </section>
      )}
      <ServerLogView server={server} />
    </>
  )
}

function ServerLogView({ server }: { server: ToolServerView }) {
  const [open, setOpen] = useState(false)
  const entries = useToolServersStore((s) => s.logs[server.id])
  const openLog = useToolServersStore((s) => s.openLog)
  useEffect(() => {
    if (!open) return
    void openLog(server.id, true)
    return () => void openLog(server.id, false)
  }, [open, server.id, openLog])
  return (
    <details className="tool-log" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>Log</summary>
      {open && !entries && <p className="muted small">Reading the log…</p>}
      {entries?.length === 0 && <p className="muted small">Nothing yet.</p>}
      <ToolLogEntries entries={entries ?? []} label={`Log of ${server.name}`} testId="tool-log" showTag />
    </details>
  )
}
