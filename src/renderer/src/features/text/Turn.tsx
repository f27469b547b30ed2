// One turn of the conversation: its parts, its marks (edited, partial, what it cost), the versions of an answer
// (‹ 1/3 ›), and its actions. Edit rewrites any turn's text, the assistant's included; a user turn can also be
// saved and sent again (the turns after it go). Every change is main's to make (validated IPC); main keeps it.
import { memo, useState } from 'react'
import type { DraftMessage } from '../../../../shared/wire'
import { LazyMarkdown as Markdown } from '../../components/markdown/LazyMarkdown'
import { branchFrom, useTextStore } from '../../stores/text'
import { openLink } from '../../ipc/openLink'
import { storedCostText } from '../../../../shared/cost/money'
import { AnswerPager } from './AnswerPager'

/** A turn's text, its text parts joined. */
const textOf = (message: DraftMessage) => message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('')

export const Turn = memo(function Turn({
  message,
  index,
  last,
  running,
  editNow,
  onEditEnd,
}: {
  message: DraftMessage
  index: number
  last: boolean
  running: boolean
  /** Opens in the editor (Edit on the answer's card). */
  editNow?: boolean
  onEditEnd?: () => void
}) {
  const [editing, setEditing] = useState(editNow === true)
  const endEdit = () => (setEditing(false), onEditEnd?.())
  const { removeMessage } = useTextStore.getState()
  return (
    <article
      className={`turn ${message.role}${message.partial ? ' partial' : ''}`}
      aria-label={`${message.role} turn ${index + 1}`}
    >
      <header className="turn-head">
        <span className="role">{message.role}</span>
        {message.edited && (
          <span className="badge" title="Its text was rewritten here; the next request sends it as written">
            edited
          </span>
        )}
        {message.cost && (
          <span className="muted small turn-cost" title="What this answer cost when it was made">
            {storedCostText(message.cost)}
          </span>
        )}
        {message.alternates && <AnswerPager message={message} index={index} disabled={running} />}
        {!running && !editing && (
          <span className="turn-actions">
            {last && message.role === 'assistant' && !message.partial && (
              <button
                className="ghost small"
                title="Ask for another answer; this one is kept as an earlier version"
                onClick={() => void useTextStore.getState().regenerate()}
              >
                Regenerate
              </button>
            )}
            <button
              className="ghost small"
              aria-label={`Edit turn ${index + 1}`}
              title="Rewrite this turn's text"
              onClick={() => setEditing(true)}
            >
              Edit
            </button>
            <button
              className="ghost small"
              aria-label={`Branch from turn ${index + 1}`}
              title="Start a new conversation with the turns up to this one"
              onClick={() => void branchFrom(index + 1)}
            >
              Branch
            </button>
            <button
              className="ghost small"
              aria-label={`Remove turn ${index + 1}`}
              onClick={() => removeMessage(index)}
            >
              Remove
            </button>
          </span>
        )}
      </header>
      {editing ? (
        <TurnEditor message={message} index={index} onDone={endEdit} />
      ) : (
        <TurnBody message={message} />
      )}
      {message.partial && message.role === 'assistant' && (
        <PartialNote partial={message.partial} last={last} running={running} />
      )}
    </article>
  )
})

/**
 * The turn's text in a box. Save keeps the turns after it; on a user turn, Save and resend drops them and asks
 * again. A turn that would be left with nothing is refused here in words (Remove takes a turn away); what main
 * refuses is said the same way, and the text typed stays.
 */
function TurnEditor({
  message,
  index,
  onDone,
}: {
  message: DraftMessage
  index: number
  onDone: () => void
}) {
  const [value, setValue] = useState(() => textOf(message))
  const [error, setError] = useState<string | null>(null)
  const onlyText = message.parts.every((p) => p.type === 'text')
  const save = async (resend: boolean) => {
    if (onlyText && value.trim() === '')
      return setError('Text: write the turn’s text, or use Remove to take the turn away.')
    if (resend) {
      onDone()
      return void useTextStore.getState().resendFrom(index, value)
    }
    const refused = await useTextStore.getState().rewriteTurn(index, value)
    if (refused) setError(refused)
    else onDone()
  }
  const id = `edit-turn-${index}`
  return (
    <div className="edit-turn">
      <textarea
        value={value}
        onChange={(e) => (setValue(e.target.value), setError(null))}
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return
          e.stopPropagation()
          onDone()
        }}
        rows={Math.min(12, Math.max(3, value.split('\n').length + 1))}
        aria-label={`Edit the text of turn ${index + 1}`}
        aria-invalid={error !== null}
        aria-describedby={error ? id : undefined}
        autoFocus
      />
      {error && (
        <p id={id} className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="actions">
        <button
          className={message.role === 'user' ? '' : 'primary'}
          title="Keeps the turns after this one; the next request sends this text as written"
          onClick={() => void save(false)}
        >
          Save
        </button>
        {message.role === 'user' && (
          <button
            className="primary"
            title="Drops the turns after this one and sends the conversation again"
            onClick={() => void save(true)}
          >
            Save and resend
          </button>
        )}
        <button onClick={onDone}>Cancel</button>
      </div>
    </div>
  )
}

function TurnBody({ message }: { message: DraftMessage }) {
  return (
    <div className="turn-body" data-testid="turn-body">
      {message.parts.map((part, i) => {
        switch (part.type) {
          case 'text':
            return message.role === 'assistant' ? (
              <Markdown key={i} text={part.text} streaming={false} onOpenLink={openLink} />
            ) : (
              <p key={i} className="plain">
                {part.text}
              </p>
            )
          case 'image': {
            const src = part.url ? useTextStore.getState().attachmentUrls[part.url] : undefined
            return src ? (
              <img key={i} className="turn-image" src={src} alt={`Attached image ${i + 1}`} />
            ) : (
              <span key={i} className="badge">
                image {part.mimeType ?? ''}
              </span>
            )
          }
          case 'file':
            return (
              <span key={i} className="badge">
                file {part.filename ?? ''}
              </span>
            )
          case 'reasoning':
            return (
              <details key={i} className="reasoning">
                <summary>Reasoning</summary>
                <div className="reasoning-text">{part.text}</div>
              </details>
            )
          case 'toolCall':
            return (
              <div key={i} className="tool-call" data-testid="turn-tool-call">
                <div>
                  <span className="badge">tool call</span> <code>{part.name}</code>{' '}
                  <span className="muted small">{part.id}</span>
                </div>
                <pre className="code">{pretty(part.arguments)}</pre>
              </div>
            )
          case 'toolResult':
            return (
              <div key={i} className="tool-result" data-testid="turn-tool-result">
                <div>
                  <span className="badge">{part.isError ? 'tool error' : 'tool result'}</span>{' '}
                  {part.origin && part.origin !== 'typed' && (
                    <span className={`badge origin-${part.origin}`} title={ORIGIN_TITLES[part.origin]}>
                      {part.origin}
                    </span>
                  )}{' '}
                  <code>{part.name}</code> <span className="muted small">for {part.callId}</span>
                </div>
                <pre className="code">{pretty(part.content)}</pre>
              </div>
            )
        }
      })}
    </div>
  )
}

/** What a partial answer's mark says, by how its run ended. */
const PARTIAL_NOTE: Record<NonNullable<DraftMessage['partial']>, [string, string]> = {
  interrupted: [
    'Interrupted',
    'The app or the page stopped while this answer streamed: this is what had arrived.',
  ],
  stopped: ['Stopped', 'This is what had arrived when the run was stopped.'],
  failed: ['Failed partway', 'This is what had arrived before the run failed.'],
  incomplete: ['Cut short', 'The stream ended before the answer did: this is what had arrived.'],
}

/** A partial answer's mark, and (on the last turn) the ways on: Continue from it, or Regenerate it whole. */
function PartialNote({
  partial,
  last,
  running,
}: {
  partial: NonNullable<DraftMessage['partial']>
  last: boolean
  running: boolean
}) {
  const [label, note] = PARTIAL_NOTE[partial]
  return (
    <div className="partial-note" data-testid="partial-note">
      <span className="badge warn">{label}</span> <span className="muted small">{note}</span>
      {last && !running && (
        <span className="partial-actions">
          <button
            className="ghost small"
            title="Sends the conversation with this partial answer last, so the model goes on from it; what it brings joins this answer"
            onClick={() => void useTextStore.getState().continueAnswer()}
          >
            Continue
          </button>
          <button
            className="ghost small"
            title="Drops this partial answer and asks for a new one"
            onClick={() => void useTextStore.getState().regenerate()}
          >
            Regenerate
          </button>
        </span>
      )}
    </div>
  )
}

const ORIGIN_TITLES = {
  ran: 'Run on its tool server',
  canned: 'The tool’s canned result: the tool did not run',
  denied: 'Denied by the user; sent as the tool’s error',
  stopped: 'Stopped while it ran; sent as the tool’s error',
} as const

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}
