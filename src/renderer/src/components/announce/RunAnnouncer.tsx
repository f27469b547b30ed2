// The one polite status region of a panel that runs models: it says when a run starts and how it ended (done,
// stopped, failed, cut short) with the answer once, for screen readers. The streaming answer itself carries no
// live region, so tokens arriving are never read out one by one.
import type { RunView } from '../../stores/runs'

/** How far an announced answer goes: a screen reader reads it once, the rest stays on the page. */
const ANSWER_CAP = 600

function capped(text: string): string {
  const t = text.trim()
  return t.length > ANSWER_CAP ? `${t.slice(0, ANSWER_CAP)}… (continues on the page)` : t
}

/** What one run says: its start while it runs, then its end with the answer. */
export function runAnnouncement(run: RunView | null | undefined, who: string): string {
  if (!run) return ''
  switch (run.status) {
    case 'running':
      return `${who}: sending…`
    case 'done':
      return `${who}: done. ${capped(run.text) || '(no text in the answer)'}`
    case 'incomplete':
      return `${who}: ended early (incomplete). ${capped(run.text)}`
    case 'aborted':
      return `${who}: stopped.`
    case 'error':
      return `${who}: failed. ${run.error?.message ?? ''}`.trim()
  }
}

/** Several runs started together (Compare): "running" while any runs, then each one's end once all ended. */
export function runsAnnouncement(runs: { who: string; run: RunView | undefined }[]): string {
  const started = runs.filter((r) => r.run)
  if (started.length === 0) return ''
  // One message for the whole run, not one per column finishing: the region speaks at the start and the end.
  if (started.some((r) => r.run!.status === 'running'))
    return `Running ${started.length} column${started.length === 1 ? '' : 's'}…`
  return started.map((r) => runAnnouncement(r.run, r.who)).join(' ')
}

// Visually hidden but read: the usual clip pattern (display:none would silence it).
const HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const

/** Always mounted, so assistive technology registers the region before its first message. */
export function RunAnnouncer({ message, label }: { message: string; label: string }) {
  return (
    <div role="status" aria-live="polite" aria-atomic="true" aria-label={label} style={HIDDEN} data-testid="run-announcer">
      {message}
    </div>
  )
}
