// A tool server's log entries as one list: when, which way (→ sent, ← received, stderr, a note of the app's), the
// JSON-RPC method, the model's call it served (when asked), and the text. Settings shows a server's whole log
// with it, and the Inspector's Tool calls tab one call's messages. A view: the entries come in as props.
import type { LogEntry } from '../../../../shared/tools/catalog'
import './toolLog.css'

const WAY: Record<LogEntry['kind'], string> = {
  sent: '→ sent',
  received: '← received',
  stderr: 'stderr',
  note: 'note',
}

export function ToolLogEntries({
  entries,
  label,
  testId,
  showTag = false,
}: {
  entries: readonly LogEntry[]
  label: string
  testId?: string
  /** Name the model's call each entry served (a whole server's log; one call's messages need not). */
  showTag?: boolean
}) {
  return (
    <ol className="tool-log-entries" aria-label={label} data-testid={testId}>
      {entries.map((e) => (
        <li key={e.seq} className={`tool-log-${e.kind}`}>
          <span className="muted small">
            {new Date(e.at).toLocaleTimeString()} {WAY[e.kind]}
            {e.method ? ` ${e.method}` : ''}
            {showTag && e.tag ? <span className="tool-log-tag"> · for {e.tag}</span> : null}
          </span>
          <code>{e.text}</code>
        </li>
      ))}
    </ol>
  )
}
