// The conversation so far, turn by turn, with the streaming answer last. User turns can be edited and resent
// (everything after them is dropped); the last answer can be regenerated; any turn can be removed.
import { lazy, memo, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import type { DraftMessage } from '../../../../shared/wire'
import { LazyMarkdown as Markdown } from '../../components/markdown/LazyMarkdown'
import {
  branchFrom,
  continueFrom,
  currentRun,
  keepPartialAnswer,
  setAnswerEndSeen,
  useContinuation,
  useTextStore,
} from '../../stores/text'
import { RunOutput } from '../../components/runOutput/RunOutput'
import { runMetricParts } from '../../components/runOutput/runMetrics'
import { ToolResultsForm } from './ToolResultsForm'
import { openLink } from '../../ipc/openLink'
import { storedCostText } from '../../../../shared/cost/money'

// Saving a run as a case (its form and the cases store) is fetched when the first run starts, so its code and
// its stylesheet are in before that run's footer shows: a stylesheet arriving restyles and lays out the whole
// page, which at the end of a long answer would hold the answer's final frame back by tens of milliseconds.
const importSaveCaseButton = () =>
  import('../../components/saveCase/SaveCaseButton').then((m) => ({ default: m.SaveCaseButton }))
let saveCaseButton: ReturnType<typeof importSaveCaseButton> | undefined
const loadSaveCaseButton = () => (saveCaseButton ??= importSaveCaseButton())
const SaveCaseButton = lazy(loadSaveCaseButton)

/** The draft a finished run sent: the conversation up to the answer it became. */
function sentDraft(turnIndex: number | undefined) {
  const { draft } = useTextStore.getState().draft(false)
  return turnIndex === undefined ? draft : { ...draft, messages: draft.messages.slice(0, turnIndex) }
}

/** Where main put the run's answer as a turn (it is the last turn or near it), or -1. */
function answerTurnAt(messages: readonly { id?: string }[], runId: string): number {
  const id = `answer-${runId}`
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.id === id) return i
  return -1
}

export function Conversation() {
  const messages = useTextStore((s) => s.messages)
  const run = useTextStore(currentRun)
  const pending = useTextStore((s) => s.pendingToolCalls)
  const running = run?.status === 'running'
  useEffect(() => {
    // A chunk that fails to load is reported where the button renders (lazy), not as an unhandled rejection here.
    if (running) loadSaveCaseButton().catch(() => undefined)
  }, [running])
  const continuingId = useContinuation((c) => c.next?.responseId)
  const onContinue = useCallback((responseId: string) => {
    const s = useTextStore.getState()
    const at = currentRun(s)?.turnIndex
    if (at !== undefined) continueFrom(responseId, s.messages.slice(0, at + 1))
  }, [])
  // The run's output stays mounted (same key) when it becomes the last assistant turn, so the markdown of a long
  // answer is not parsed again at the end of the stream (P2): also in the moment between main's answer turn
  // (`answer-<runId>`) being shown and the run's end arriving.
  // A run that continues a partial answer shows in that answer's place while it goes.
  const runAt = !run
    ? -1
    : run.status === 'done' && run.turnIndex !== undefined && run.turnIndex < messages.length
      ? run.turnIndex
      : run.status === 'running' && run.continues !== undefined && run.continues < messages.length
        ? run.continues
        : answerTurnAt(messages, run.runId)
  const items = messages.map((m, i) =>
    i === runAt ? (
      <RunOutput
        key={run!.runId}
        run={run!}
        footer={<DoneFooter />}
        onKeepPartial={keepPartialAnswer}
        onOpenLink={openLink}
        onContinue={onContinue}
        continuing={continuingId !== undefined && continuingId === (run!.summary?.id ?? run!.responseId)}
      />
    ) : (
      <Turn key={m.id ?? `i${i}`} message={m} index={i} last={i === messages.length - 1} running={running} />
    ),
  )
  if (run && runAt < 0 && run.status !== 'done')
    items.push(
      <RunOutput
        key={run.runId}
        run={run}
        onRetry={retry}
        onKeepPartial={keepPartialAnswer}
        onOpenLink={openLink}
      />,
    )
  const scroller = useStickToBottom()
  return (
    // The frame takes the column's room; the conversation fills it, positioned absolutely, so its size never
    // depends on its content and each update of a streaming answer is laid out from the conversation down, not
    // from the document (a flex item is never a layout root of its own).
    <div className="conversation-frame">
      <section className="conversation" aria-label="Conversation" ref={scroller}>
        <div className="conversation-turns">
          {messages.length === 0 && !run && (
            <p className="muted empty">
              Write a message below and press Ctrl+Enter. The request, the response and every stream frame
              appear in the Inspector.
            </p>
          )}
          {items}
          {!running && pending.length > 0 && (
            <ToolResultsForm key={pending.map((c) => c.id).join(' ')} calls={pending} />
          )}
        </div>
      </section>
    </div>
  )
}

/**
 * Keeps the conversation at its newest text while the reader is there, and leaves it alone once they scroll up.
 * The conversation scrolls in reverse (styles.css): its scroll position counts from the bottom, 0 being the end,
 * so a growing answer stays in view with no scrolling at all (no scroll event, no extra frame per update), and
 * for a reader who scrolled up the browser's scroll anchoring keeps the text they read still. Only the reader's
 * own input (wheel, touch, keys, the scrollbar) takes the view off the end: a scroll the browser makes (keeping
 * the view steady while content above is measured) never does, and a scroll that comes back within 48 px of the
 * end follows again. A run the reader starts is followed wherever they had scrolled to.
 */
function useStickToBottom(): (el: HTMLElement | null) => void {
  const element = useRef<HTMLElement | null>(null)
  const pinned = useRef(true)
  /** When the reader last wheeled, touched, pressed a key in or grabbed the conversation (performance.now()). */
  const readerAt = useRef(Number.NEGATIVE_INFINITY)
  const resized = useRef<ResizeObserver | null>(null)
  useEffect(() => {
    return useTextStore.subscribe((state, prev) => {
      const run = currentRun(state)
      if (run && run.runId !== currentRun(prev)?.runId && run.status === 'running') {
        pinned.current = true
        const el = element.current
        if (el && el.scrollTop !== 0) el.scrollTop = 0
      }
    })
  }, [])
  return useCallback((el: HTMLElement | null) => {
    element.current = el
    resized.current?.disconnect()
    resized.current = null
    if (!el) return
    // A conversation that mounts follows its end (pinned starts true): the current run moves at the full pace.
    setAnswerEndSeen(pinned.current)
    const reader = () => (readerAt.current = performance.now())
    const options = { passive: true }
    el.addEventListener('wheel', reader, options)
    el.addEventListener('touchmove', reader, options)
    el.addEventListener('keydown', reader, options)
    el.addEventListener('pointerdown', reader, options)
    // Followed from near the end (within 48 px), the view goes to the very end with the next change of height.
    const turns = el.firstElementChild
    if (turns && typeof ResizeObserver !== 'undefined') {
      resized.current = new ResizeObserver(() => {
        if (pinned.current && el.scrollTop !== 0) el.scrollTop = 0
      })
      resized.current.observe(turns)
    }
    el.addEventListener(
      'scroll',
      () => {
        const was = pinned.current
        if (-el.scrollTop < 48) pinned.current = true
        else if (performance.now() - readerAt.current < 1000) pinned.current = false
        if (pinned.current !== was) setAnswerEndSeen(pinned.current)
      },
      options,
    )
  }, [])
}

/** Runs the conversation again after a run that did not finish (its user turn is still the last). */
const retry = () => void useTextStore.getState().regenerate()

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

function DoneFooter() {
  const run = useTextStore(currentRun)!
  const regenerate = useTextStore((s) => s.regenerate)
  const bits = runMetricParts(run)
  return (
    <div className="done-footer">
      <span className="muted small" data-testid="run-footer">
        {bits.join(' · ')}
      </span>
      <button className="ghost" onClick={() => void regenerate()}>
        Regenerate
      </button>
      <Suspense fallback={null}>
        <SaveCaseButton draft={() => sentDraft(run.turnIndex)} />
      </Suspense>
    </div>
  )
}

const Turn = memo(function Turn({
  message,
  index,
  last,
  running,
}: {
  message: DraftMessage
  index: number
  last: boolean
  running: boolean
}) {
  const [editing, setEditing] = useState(false)
  const text = message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('')
  const [value, setValue] = useState(text)
  const { resendFrom, removeMessage } = useTextStore.getState()
  return (
    <article
      className={`turn ${message.role}${message.partial ? ' partial' : ''}`}
      aria-label={`${message.role} turn ${index + 1}`}
    >
      <header className="turn-head">
        <span className="role">{message.role}</span>
        {message.cost && (
          <span className="muted small turn-cost" title="What this answer cost when it was made">
            {storedCostText(message.cost)}
          </span>
        )}
        {!running && (
          <span className="turn-actions">
            {message.role === 'user' && !editing && (
              <button className="ghost small" onClick={() => (setValue(text), setEditing(true))}>
                Edit
              </button>
            )}
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
        <div className="edit-turn">
          <textarea
            value={value}
            onChange={(e) => setValue(e.target.value)}
            rows={4}
            aria-label="Edit message"
          />
          <div className="actions">
            <button className="primary" onClick={() => (setEditing(false), void resendFrom(index, value))}>
              Resend from here
            </button>
            <button onClick={() => setEditing(false)}>Cancel</button>
          </div>
        </div>
      ) : (
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
      )}
      {message.partial && message.role === 'assistant' && (
        <PartialNote partial={message.partial} last={last} running={running} />
      )}
    </article>
  )
})

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
