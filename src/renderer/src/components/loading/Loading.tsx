// The status line shown while something a panel needs is still loading (a panel's chunk, a lazy view inside one).
// Invariant: it is a polite live status, so screen readers hear it as well as sighted users see it.

/** Shown while a chunk loads; the status role tells screen readers too. */
export function Loading({ what }: { what: string }) {
  return (
    <p className="panel-loading muted" role="status" aria-live="polite" style={{ padding: '16px 20px' }}>
      Loading {what}…
    </p>
  )
}
