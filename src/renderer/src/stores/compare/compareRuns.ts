// The Compare panel's runs: Run all starts one text run per column (each named and registered as this store's in
// ipc/textRuns before main hears of it, so only its runs' events come here), Stop ends one or all, and each run
// ends in a state its column shows even when main never answers. Events of all columns fold at the pace set in
// compareFolds; a streaming run's timeline lane grows live, an ended one's is read from main's frame record.
import { IpcCallError } from '../../../../shared/ipc/client'
import type { RunEvent } from '../../../../shared/ipc/text'
import type { ToolResultInput } from '../../../../shared/wire'
import type { Exchange, SseFrame } from '../../../../shared/ipc/exchange'
import { laneReader } from '../../../../shared/compare/timeline'
import { textCalls } from '../../ipc/textCalls'
import { textRuns, type RunOwner } from '../../ipc/textRuns'
import { endRun, endRunLocally, newRun, withExchange, type RunEnded, type RunView } from '../runs'
import { foldAllNow, forgetRunFolds, queueRunEvents } from './compareFolds'
import { columnDraft, runIssues } from './compareForm'
import { columnRequest } from './compareTurns'
import { requestVariables } from '../form'
import { dropLiveLane, endLiveLane, noteLiveEvents, startLiveLane } from './compareLiveLanes'
import { profilesLoaded } from '../profiles'
import { noteRunCalls, resetRounds, roundTurns, stopRound, takeRound, waitingForTools } from './compareToolRounds'
import {
  columnProfile,
  markCompareSent,
  useCompareStore,
  type CompareState,
  type LaneState,
} from './compareStore'

/** Frames read for one lane at most; a longer stream's lane shows its first ones and says so. */
export const LANE_FRAME_CAP = 20_000
const PAGE = 500
const READ_SLICE = 250

const newRunId = () => `cmp-${crypto.randomUUID()}`

function updateRun(runId: string, change: (run: RunView) => RunView): void {
  const s = useCompareStore.getState()
  const run = s.runs[runId]
  if (!run) return
  const next = change(run)
  if (next !== run) useCompareStore.setState({ runs: { ...s.runs, [runId]: next } })
}

/** Starts every column at once; refuses (naming the column and field) when any column cannot run. */
export async function runAll(): Promise<void> {
  const s = useCompareStore.getState()
  useCompareStore.setState({ attempted: true })
  const issues = [
    ...runIssues(s.shared, s.columns),
    // A number typed so it cannot be read is never dropped silently.
    ...Object.entries(s.unreadFields).map(([field, message]) => ({
      field,
      message: `${message}: fix it or empty it to run`,
    })),
  ]
  if (issues.length) return useCompareStore.setState({ issues })
  useCompareStore.setState({ issues: [] })
  for (const c of s.columns) resetRounds(c.id)
  await Promise.all(s.columns.map((c) => startColumn(c.id)))
}

/** Runs one column again (its tool loop afresh); the others are left as they are. */
export async function rerunColumn(columnId: string): Promise<void> {
  if (useCompareStore.getState().rounds[columnId]?.pending.length) stopRound(columnId)
  resetRounds(columnId)
  await startColumn(columnId)
}

/**
 * The results of a column's tool calls go back: the answer that called and the results become its next round,
 * and the column's next request carries every round so far after the prompt, in its format.
 */
export async function sendColumnToolResults(
  columnId: string,
  results: ToolResultInput[],
  automatic: boolean,
  notes: (string | undefined)[],
): Promise<void> {
  const s = useCompareStore.getState()
  const runId = s.columnRuns[columnId]
  if (!takeRound(columnId, runId ? s.runs[runId] : undefined, results, automatic, notes)) return
  await startColumn(columnId)
}

async function startColumn(columnId: string): Promise<void> {
  const s = useCompareStore.getState()
  const column = s.columns.find((c) => c.id === columnId)
  if (!column) return
  const previous = s.columnRuns[columnId]
  if (previous && s.runs[previous]?.status === 'running') return
  const runId = newRunId()
  const { draft } = columnDraft(s.shared, column)
  // A column keeps only its latest run; the older one leaves with its timeline.
  const runs = { ...s.runs }
  const lanes = { ...s.lanes }
  if (previous) {
    delete runs[previous]
    delete lanes[previous]
    dropLiveLane(previous)
    forgetRunFolds(previous)
  }
  runs[runId] = newRun(runId, column.format, draft.model)
  useCompareStore.setState({ runs, lanes, columnRuns: { ...s.columnRuns, [columnId]: runId } })
  markCompareSent(s.shared)
  const fail = (message: string, errorType = 'TEXT_RUN_FAILED') => {
    textRuns.release(runId)
    foldAllNow()
    forgetRunFolds(runId)
    endLiveLane(runId)
    updateRun(runId, (r) => endRunLocally(r, 'error', { message, errorType, raw: null }))
  }
  if (!columnProfile(column)) await profilesLoaded()
  const profileId = columnProfile(column)
  if (!profileId) return fail('No connection profile is chosen: add or choose one in Settings.')
  try {
    const request = await columnRequest(s.shared, column)
    // The column's tool rounds so far go after the prompt (none on a fresh Run).
    const rounds = roundTurns(useCompareStore.getState().rounds[columnId])
    if (rounds.length) request.draft = { ...request.draft, messages: [...request.draft.messages, ...rounds] }
    if (useCompareStore.getState().runs[runId]?.status !== 'running') return
    startLiveLane(runId)
    await textRuns.start(
      {
        runId,
        profileId,
        format: column.format,
        ...request,
        ...requestVariables(draft, s.shared.variables),
      },
      compareRunOwner,
    )
  } catch (error) {
    fail(
      error instanceof Error ? error.message : String(error),
      error instanceof IpcCallError ? error.code : undefined,
    )
  }
}

/**
 * Stops one column: its run (the socket closes and nothing arrives after), or its tool round (the calls running on
 * their servers are cancelled, those waiting dropped): its loop ends either way.
 */
export async function stopColumn(columnId: string): Promise<void> {
  stopRound(columnId)
  const s = useCompareStore.getState()
  const runId = s.columnRuns[columnId]
  if (!runId || s.runs[runId]?.status !== 'running') return
  const result = await textRuns.stop(runId)
  if (!result.ok || !result.value.stopped) {
    textRuns.release(runId)
    foldAllNow()
    forgetRunFolds(runId)
    endLiveLane(runId)
    updateRun(runId, (r) => endRunLocally(r, 'aborted'))
  }
}

export async function stopAll(): Promise<void> {
  const s = useCompareStore.getState()
  await Promise.all(s.columns.map((c) => stopColumn(c.id)))
}

/** A column streams, or waits for its tool calls' results. */
export const anyRunning = (s: Pick<CompareState, 'runs' | 'rounds'>): boolean =>
  Object.values(s.runs).some((r) => r.status === 'running') || waitingForTools(s)

/** count_tokens of the messages format and the local estimate, for the shared draft. */
export async function countTokens(): Promise<void> {
  const s = useCompareStore.getState()
  const first = s.columns[0]
  if (!first) return
  const profileId = columnProfile(s.columns.find((c) => c.format === 'messages') ?? first)
  if (!profileId) return
  const counts = {
    server: null as number | null,
    estimate: null as number | null,
    serverError: null as string | null,
  }
  // A draft without a message has nothing to count: nothing is sent.
  if (columnDraft(s.shared, first).draft.messages.length === 0) {
    const note = 'Nothing to count: write a prompt first.'
    return useCompareStore.setState({ counts: { ...counts, note, busy: false } })
  }
  useCompareStore.setState({ counts: { ...s.counts, busy: true } })
  try {
    const ask = async (format: 'messages' | 'chat') => {
      const column = { ...first, format, extras: {} }
      const { draft } = columnDraft(s.shared, column)
      return textCalls.countTokens({
        profileId,
        format,
        ...(await columnRequest(s.shared, column)),
        ...requestVariables(draft, s.shared.variables),
      })
    }
    const [server, estimate] = await Promise.all([ask('messages'), ask('chat')])
    if (server.ok) counts.server = server.value.inputTokens
    else counts.serverError = server.error.message
    if (estimate.ok) counts.estimate = estimate.value.inputTokens
  } catch (error) {
    counts.serverError = error instanceof Error ? error.message : String(error)
  }
  useCompareStore.setState({ counts: { ...counts, busy: false } })
}

function onRunEvents(runId: string, events: RunEvent[]): void {
  noteLiveEvents(runId, events)
  queueRunEvents(runId, events)
}

function onRunEnded(payload: RunEnded): void {
  // What arrived before the terminal event is folded first: it belongs to the run's final text.
  foldAllNow()
  forgetRunFolds(payload.runId)
  endLiveLane(payload.runId)
  const s = useCompareStore.getState()
  const run = s.runs[payload.runId]
  if (!run || run.status !== 'running') return
  const ended = endRun(run, payload)
  useCompareStore.setState({ runs: { ...s.runs, [run.runId]: ended } })
  const columnId = Object.keys(s.columnRuns).find((id) => s.columnRuns[id] === run.runId)
  if (columnId) noteRunCalls(columnId, ended)
}

/** The ended run's exchange (it follows the end): the column's Inspector and its timeline lane read it. */
function onRunExchange(runId: string, exchange: Exchange): void {
  const s = useCompareStore.getState()
  const run = s.runs[runId]
  if (!run) return
  useCompareStore.setState({ runs: { ...s.runs, [runId]: withExchange(run, exchange) } })
  if (timelinesOpen > 0) void loadLane(runId)
}

/** How many timelines are in view: the lanes are read from main's frame record only while one is. */
let timelinesOpen = 0

/**
 * A timeline came into view: the lanes of ended runs not read yet are read now, and those of runs ending while it
 * is in view as they end. Until a lane is read, the timeline draws the marks its run left as it streamed. Returns
 * the close. (Reading a lane pages the run's whole frame record from main, megabytes for a long answer: no work
 * for a timeline nobody sees.)
 */
export function openTimeline(): () => void {
  timelinesOpen++
  const s = useCompareStore.getState()
  for (const runId of Object.values(s.columnRuns)) {
    const run = s.runs[runId]
    if (run?.exchange && !s.lanes[runId]) void loadLane(runId)
  }
  return () => void timelinesOpen--
}

/** Reads the ended run's full frame record into its timeline lane. */
export async function loadLane(runId: string): Promise<void> {
  const run = useCompareStore.getState().runs[runId]
  const exchange = run?.exchange
  if (!run || !exchange) return
  const setLane = (lane: LaneState) => {
    const s = useCompareStore.getState()
    if (s.runs[runId]) useCompareStore.setState({ lanes: { ...s.lanes, [runId]: lane } })
  }
  setLane({ status: 'loading', lane: null, frames: [] })
  const frames: SseFrame[] = []
  const reader = laneReader(run.format, exchange.timings)
  // Frames are read a slice at a time between frames of the page, so other columns still streaming stay smooth.
  const read = async (slice: readonly SseFrame[]) => {
    for (let at = 0; at < slice.length; at += READ_SLICE) {
      reader.add(slice.slice(at, at + READ_SLICE))
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
    frames.push(...slice)
  }
  try {
    if (exchange.response && exchange.response.frames.length > 0) {
      if (!exchange.response.truncated) await read(exchange.response.frames)
      else {
        // A page keeps its end and drops frames from its front when they exceed main's page budget: ask for
        // fewer then, so the frames stay contiguous from the first one.
        let offset = 0
        let limit = PAGE
        while (offset < LANE_FRAME_CAP) {
          const page = await textCalls.getFrames(exchange.id, offset, limit)
          const want = Math.min(limit, page.total - offset)
          if (want <= 0) break
          if (page.frames.length < want) {
            limit = Math.max(1, page.frames.length)
            continue
          }
          await read(page.frames)
          offset += want
          limit = PAGE
        }
      }
    }
    setLane({ status: 'ready', lane: reader.lane(), frames })
  } catch (error) {
    setLane({
      status: 'failed',
      lane: reader.lane(),
      frames,
      error: error instanceof Error ? error.message : String(error),
    })
  }
  dropLiveLane(runId)
}

/** The Compare panel owns its columns' runs: their events and their end come here only (ipc/textRuns). */
const compareRunOwner: RunOwner = {
  events: ({ runId, events }) => onRunEvents(runId, events),
  ended: (payload) => onRunEnded(payload),
  exchanged: ({ runId, exchange }) => onRunExchange(runId, exchange),
}
