// The conversation so far, turn by turn (Turn.tsx), with the streaming answer last. Any turn can be edited (a
// user turn also resent, everything after it dropped), branched from or removed; the last answer can be
// regenerated, the earlier answers kept as its versions (‹ 1/3 ›).
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { DraftMessage, ToolCall } from '../../../../shared/wire'
import { pendingToolCalls } from '../../../../shared/wire/conversation'
import {
  continueFrom,
  currentRun,
  keepPartialAnswer,
  setAnswerEndSeen,
  useContinuation,
  useCurrentRun,
  useTextStore,
} from '../../stores/text'
import { RunOutput } from '../../components/runOutput/RunOutput'
import { runMetricParts } from '../../components/runOutput/runMetrics'
import { openLink } from '../../ipc/openLink'
import { Turn } from './Turn'
import { AnswerPager } from './AnswerPager'

// Saving a run as a case (its form and the cases store) is fetched when the first run starts, so its code and
// its stylesheet are in before that run's footer shows: a stylesheet arriving restyles and lays out the whole
// page, which at the end of a long answer would hold the answer's final frame back by tens of milliseconds.
const importSaveCaseButton = () =>
  import('../../widgets/saveCase/SaveCaseButton').then((m) => ({ default: m.SaveCaseButton }))
let saveCaseButton: ReturnType<typeof importSaveCaseButton> | undefined
const loadSaveCaseButton = () => (saveCaseButton ??= importSaveCaseButton())
const SaveCaseButton = lazy(loadSaveCaseButton)
// The form that answers a model's tool calls (and the tool servers' store it reads) comes with the first run too:
// it shows only when a run ends asking for tools, so it stays out of the first load.
const importToolResultsForm = () => import('./ToolResultsForm').then((m) => ({ default: m.ToolResultsForm }))
let toolResultsForm: ReturnType<typeof importToolResultsForm> | undefined
const loadToolResultsForm = () => (toolResultsForm ??= importToolResultsForm())
const ToolResultsForm = lazy(loadToolResultsForm)

/** The draft a finished run sent: the conversation up to the answer it became. */
function sentDraft(turnIndex: number | undefined) {
  const { draft } = useTextStore.getState().draft(false)
  return turnIndex === undefined ? draft : { ...draft, messages: draft.messages.slice(0, turnIndex) }
}

/** Whether a turn is the run's answer as it streamed (not rewritten, not another version of it). */
function showsRun(turn: DraftMessage | undefined, runId: string): boolean {
  return turn?.id === `answer-${runId}` && !turn.edited
}

/**
 * Where main put the run's answer as a turn (its index when the run is done, else found by id near the end), or
 * -1, also when that turn is being edited or is no longer the answer as it streamed.
 */
function answerAt(
  messages: readonly DraftMessage[],
  at: number | undefined,
  runId: string,
  editAt: number | null,
) {
  const id = `answer-${runId}`
  if (at === undefined)
    for (let i = messages.length - 1; i >= 0 && at === undefined; i--) if (messages[i]!.id === id) at = i
  return at !== undefined && at !== editAt && showsRun(messages[at], runId) ? at : -1
}

/** The calls the last assistant turn made that no tool turn answers yet, as the round asks for them. */
function unansweredCalls(messages: readonly DraftMessage[]): ToolCall[] {
  return pendingToolCalls({ messages: [...messages] }).map(({ type: _type, ...call }) => call)
}

// Selectors of a fixed identity: an inline one is a new function each render, and the store hook then flags a
// passive effect on every commit of a streaming answer (React posts a task after each such commit).
type TextState = ReturnType<typeof useTextStore.getState>
const messagesOf = (s: TextState) => s.messages
const pendingCallsOf = (s: TextState) => s.pendingToolCalls
const continuingIdOf = (c: ReturnType<typeof useContinuation.getState>) => c.next?.responseId

/**
 * The conversation ends on the user's message with no run here: its run was cut off before anything arrived (a
 * reload or a restart mid-request; History keeps it), or the turn was added by hand. Either way one click asks.
 */
function NoAnswerNote() {
  return (
    <div className="partial-note" data-testid="no-answer-note" role="note">
      <span className="muted small">No answer to this message yet.</span>
      <span className="partial-actions">
        <button
          className="ghost small"
          title="Sends the conversation as it is, for the model's answer to this message"
          onClick={() => void useTextStore.getState().regenerate()}
        >
          Get an answer
        </button>
      </span>
    </div>
  )
}

export function Conversation() {
  const messages = useTextStore(messagesOf)
  // The streaming run, re-rendered at each fold without a passive effect (useCurrentRun).
  const run = useCurrentRun()
  const asked = useTextStore(pendingCallsOf)
  // A round the user had not answered comes back with its conversation (after a reload, a restart, or on
  // opening it again): the calls of the last assistant turn that no tool turn answers.
  const pending = useMemo(
    () => (asked.length > 0 || messages.at(-1)?.partial !== undefined ? asked : unansweredCalls(messages)),
    [asked, messages],
  )
  const running = run?.status === 'running'
  useEffect(() => {
    // A chunk that fails to load is reported where the button renders (lazy), not as an unhandled rejection here.
    if (running) {
      loadSaveCaseButton().catch(() => undefined)
      loadToolResultsForm().catch(() => undefined)
    }
  }, [running])
  const continuingId = useContinuation(continuingIdOf)
  const onContinue = useCallback((responseId: string) => {
    const s = useTextStore.getState()
    const at = currentRun(s)?.turnIndex
    if (at !== undefined) continueFrom(responseId, s.messages.slice(0, at + 1))
  }, [])
  // The run's output stays mounted (same key) when it becomes the last assistant turn, so the markdown of a long
  // answer is not parsed again at the end of the stream (P2): also in the moment between main's answer turn
  // (`answer-<runId>`) being shown and the run's end arriving.
  // A run that continues a partial answer shows in that answer's place while it goes.
  // An answer rewritten, paged to another version, or being edited shows as the turn it now is.
  const [editAt, setEditAt] = useState<number | null>(null)
  const endEdit = useCallback(() => setEditAt(null), [])
  const runAt = !run
    ? -1
    : run.status === 'running' && run.continues !== undefined && run.continues < messages.length
      ? run.continues
      : answerAt(messages, run.status === 'done' ? run.turnIndex : undefined, run.runId, editAt)
  const items = messages.map((m, i) =>
    i === runAt ? (
      <RunOutput
        key={run!.runId}
        run={run!}
        footer={<DoneFooter onEdit={setEditAt} />}
        onKeepPartial={keepPartialAnswer}
        onOpenLink={openLink}
        onContinue={onContinue}
        continuing={continuingId !== undefined && continuingId === (run!.summary?.id ?? run!.responseId)}
      />
    ) : (
      <Turn
        key={m.id ?? `i${i}`}
        message={m}
        index={i}
        last={i === messages.length - 1}
        running={running}
        {...(editAt === i ? { editNow: true, onEditEnd: endEdit } : {})}
      />
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
          {!run && messages.at(-1)?.role === 'user' && <NoAnswerNote />}
          {!running && pending.length > 0 && (
            <Suspense fallback={null}>
              <ToolResultsForm key={pending.map((c) => c.id).join(' ')} calls={pending} />
            </Suspense>
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

function DoneFooter({ onEdit }: { onEdit: (index: number) => void }) {
  const run = useTextStore(currentRun)!
  const regenerate = useTextStore((s) => s.regenerate)
  const turn = useTextStore((s) => (run.turnIndex === undefined ? undefined : s.messages[run.turnIndex]))
  const bits = runMetricParts(run)
  return (
    <div className="done-footer">
      <span className="muted small" data-testid="run-footer">
        {bits.join(' · ')}
      </span>
      {turn?.alternates && <AnswerPager message={turn} index={run.turnIndex!} disabled={false} />}
      <button className="ghost" onClick={() => void regenerate()}>
        Regenerate
      </button>
      {run.turnIndex !== undefined && (
        <button
          className="ghost"
          aria-label={`Edit turn ${run.turnIndex + 1}`}
          title="Rewrite this answer's text; the next request sends it as written"
          onClick={() => onEdit(run.turnIndex!)}
        >
          Edit
        </button>
      )}
      <Suspense fallback={null}>
        <SaveCaseButton draft={() => sentDraft(run.turnIndex)} />
      </Suspense>
    </div>
  )
}
