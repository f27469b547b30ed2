// How the model's calls to one tool are answered (ask first, run without asking, or send its canned result),
// and the tool's canned result: typed here or kept from a call tried by hand, sent as a result or as the tool's
// error, without the tool running. Main keeps it (bounded); an error names the field and the bound.
import { useState } from 'react'
import type { ToolServerView } from '../../../../shared/tools/serverConfig'
import { CANNED_BOUNDS, toolMode, type ToolMode } from '../../../../shared/tools/cannedModes'
import { useToolServersStore } from '../../stores/tools'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'

const MODE_LABELS: Record<ToolMode, string> = {
  ask: 'Ask first',
  run: 'Run without asking',
  canned: 'Answer with the canned result',
}

export function ToolModeSelect({ server, tool }: { server: ToolServerView; tool: string }) {
  const setToolMode = useToolServersStore((s) => s.setToolMode)
  const hasCanned = server.canned.some((c) => c.tool === tool)
  const [error, setError] = useState<string | null>(null)
  return (
    <>
      <label className="inline small">
        When the model calls it
        <select
          value={toolMode(server, tool)}
          onChange={(e) => {
            setError(null)
            setToolMode(server.id, tool, e.target.value as ToolMode).catch((err: unknown) =>
              setError(err instanceof Error ? err.message : String(err)),
            )
          }}
        >
          {(['ask', 'run', 'canned'] as const).map((m) => (
            <option key={m} value={m} disabled={m === 'canned' && !hasCanned}>
              {MODE_LABELS[m]}
              {m === 'canned' && !hasCanned ? ' (save one first)' : ''}
            </option>
          ))}
        </select>
      </label>
      <ErrorBanner>{error}</ErrorBanner>
    </>
  )
}

/** The canned result of a tool: its editor, opened on demand (its text is read from main then). */
export function CannedResultEditor({
  server,
  tool,
  seed,
}: {
  server: ToolServerView
  tool: string
  /** A result to start from (a call just tried), when there is one. */
  seed?: { text: string; isError: boolean } | null
}) {
  const readCanned = useToolServersStore((s) => s.readCanned)
  const putCanned = useToolServersStore((s) => s.putCanned)
  const saved = server.canned.find((c) => c.tool === tool)
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  const [isError, setIsError] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [status, setStatus] = useState<string | null>(null)

  const onToggle = async (isOpen: boolean) => {
    setOpen(isOpen)
    setError(null)
    setStatus(null)
    if (!isOpen) return
    const have = saved ? await readCanned(server.id, tool).catch(() => null) : null
    setText(have?.text ?? '')
    setIsError(have?.isError ?? false)
  }
  const save = async (result: { text: string; isError: boolean } | null) => {
    setError(null)
    setStatus(null)
    if (result && result.text.length > CANNED_BOUNDS.chars)
      return setError(
        `Canned result: at most ${CANNED_BOUNDS.chars.toLocaleString('en-US')} characters (this is ${result.text.length.toLocaleString('en-US')})`,
      )
    try {
      await putCanned(server.id, tool, result)
      setStatus(result ? 'Saved.' : 'Removed.')
      if (!result) setText('')
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    }
  }

  return (
    <>
      {seed && (
        <button type="button" onClick={() => void save(seed)}>
          Save as the canned result of {tool}
        </button>
      )}
      <details
        className="canned-result"
        onToggle={(e) => void onToggle((e.target as HTMLDetailsElement).open)}
      >
        <summary className="small">
          Canned result{' '}
          {saved ? (
            <span className="badge">
              saved · {saved.chars.toLocaleString('en-US')} characters{saved.isError ? ' · as an error' : ''}
            </span>
          ) : (
            <span className="muted">(none)</span>
          )}
        </summary>
        {open && (
          <div className="canned-editor">
            <label>
              What the model gets back instead of running {tool}
              <textarea
                rows={4}
                value={text}
                spellCheck={false}
                aria-invalid={error ? true : undefined}
                onChange={(e) => setText(e.target.value)}
              />
            </label>
            <label className="inline small">
              <input type="checkbox" checked={isError} onChange={(e) => setIsError(e.target.checked)} />
              Send it as the tool’s error
            </label>
            <ErrorBanner>{error}</ErrorBanner>
            <div className="actions">
              <button className="primary" type="button" onClick={() => void save({ text, isError })}>
                Save canned result
              </button>
              {saved && (
                <button type="button" onClick={() => void save(null)}>
                  Remove
                </button>
              )}
              {status && (
                <span className="muted small" role="status">
                  {status}
                </span>
              )}
            </div>
          </div>
        )}
      </details>
    </>
  )
}
