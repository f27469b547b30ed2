// What a pasted request became (or why it was not brought in): its format, model, turns and profile, the keys
// dropped, and each field that could not be read with the reason. Shown above the message box until dismissed,
// and in the Import request dialog when what was pasted there was not brought in.
import { showPastedNotice, usePastedNotice, type PastedNotice as Notice } from '../../stores/text'

export function PastedNotice() {
  const notice = usePastedNotice((s) => s.notice)
  if (!notice) return null
  return <PastedNoticeView notice={notice} onDismiss={() => showPastedNotice(null)} />
}

export function PastedNoticeView({ notice, onDismiss }: { notice: Notice; onDismiss?: () => void }) {
  return (
    <div
      className={notice.ok ? 'pasted-notice' : 'pasted-notice error-banner'}
      role={notice.ok ? 'status' : 'alert'}
      aria-label="Pasted request"
    >
      <p>{notice.summary}</p>
      {notice.dropped.length > 0 && (
        <p className="small">
          Dropped, never kept nor shown: {notice.dropped.join('; ')}. Keys stay in the profile (Settings).
        </p>
      )}
      {notice.problems.length > 0 && (
        <>
          <p className="small">Not read:</p>
          <ul className="small">
            {notice.problems.slice(0, 20).map((p, n) => (
              <li key={n}>
                <code>{p.field}</code>: {p.why}
              </li>
            ))}
          </ul>
        </>
      )}
      {onDismiss && (
        <button className="ghost small" onClick={onDismiss}>
          Dismiss
        </button>
      )}
    </div>
  )
}
