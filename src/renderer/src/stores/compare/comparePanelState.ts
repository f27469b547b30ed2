// What the Compare panel keeps across a reload, a crash or a restart: the shared draft, the columns, the layout
// and each column's finished result (its answer, metrics and recorded exchange; a run cut by the restart is not
// kept as if it were going). Recorded bodies go first, then answers, when the state outgrows its bound. The
// carried turns are not here: main owns and saves them (compareTurns.ts); an older state that still holds them
// has them adopted into main once.
import { z } from 'zod'
import { draftMessageSchema, WIRE_FORMATS } from '../../../../shared/wire'
import { useCompareStore } from './compareStore'
import { EMPTY_SHARED } from './compareForm'
import { adoptOlderCompareTurns } from './compareTurns'
import { newRun, type RunView } from '../runs'
import type { PanelPersistence } from '../workspace'

const columnSchema = z.object({
  id: z.string(),
  format: z.enum(WIRE_FORMATS),
  model: z.string(),
  profileId: z.string().nullable(),
  extras: z.record(z.string(), z.unknown()),
})

// A finished run as RunView holds it; its many optional facts are kept as they were written.
const runSchema = z.looseObject({
  runId: z.string(),
  status: z.enum(['done', 'aborted', 'error', 'incomplete']),
  format: z.enum(WIRE_FORMATS),
  model: z.string(),
  text: z.string(),
})

const sharedSchema = z.looseObject({
  stream: z.boolean(),
  system: z.string(),
  cacheSystem: z.boolean(),
  /** Only in a state saved before main kept the carried turns. */
  messages: z.array(draftMessageSchema).optional(),
  composer: z.string(),
  attachments: z.array(z.looseObject({ ref: z.string(), url: z.string(), name: z.string() })),
  params: z.looseObject({ stopSequences: z.array(z.string()) }),
  toolsText: z.string(),
  responseFormatText: z.string(),
})

const compareStateSchema = z.object({
  shared: sharedSchema.optional().catch(undefined),
  columns: z.array(columnSchema).min(2).max(8),
  layout: z.enum(['side', 'stacked']).catch('side'),
  columnRuns: z.record(z.string(), z.string()).catch({}),
  runs: z.array(runSchema).catch([]),
})
type ComparePanelState = z.infer<typeof compareStateSchema>

function snapshot(): ComparePanelState {
  const s = useCompareStore.getState()
  const finished = Object.values(s.runs).filter((r) => r.status !== 'running')
  const { messages: _carried, ...shared } = s.shared
  return {
    shared: shared as unknown as ComparePanelState['shared'],
    columns: s.columns,
    layout: s.layout,
    columnRuns: Object.fromEntries(
      Object.entries(s.columnRuns).filter(([, runId]) => finished.some((r) => r.runId === runId)),
    ),
    runs: finished as unknown as ComparePanelState['runs'],
  }
}

const withoutExchanges = (state: ComparePanelState): ComparePanelState => ({
  ...state,
  runs: state.runs.map((r) => ({ ...r, exchange: null })),
})
const withoutRuns = (state: ComparePanelState): ComparePanelState => ({ ...state, runs: [], columnRuns: {} })

export const comparePanelPersistence: PanelPersistence<ComparePanelState> = {
  panel: 'compare',
  schema: compareStateSchema as z.ZodType<ComparePanelState>,
  snapshot,
  restore(saved) {
    const runs: Record<string, RunView> = {}
    for (const r of saved.runs) runs[r.runId] = { ...newRun(r.runId, r.format, r.model), ...r } as RunView
    const { messages: older, ...shared } = saved.shared ?? {}
    useCompareStore.setState((s) => ({
      shared: { ...EMPTY_SHARED, ...(shared as Partial<typeof EMPTY_SHARED>), messages: s.shared.messages },
      columns: saved.columns,
      layout: saved.layout,
      columnRuns: Object.fromEntries(Object.entries(saved.columnRuns).filter(([, id]) => runs[id])),
      runs,
    }))
    if (older?.length) void adoptOlderCompareTurns(older)
  },
  subscribe: (onChange) =>
    useCompareStore.subscribe((n, p) => {
      if (n.shared !== p.shared || n.columns !== p.columns || n.layout !== p.layout) return onChange()
      // A run's end (not each chunk) is worth a save.
      if (n.runs !== p.runs && finishedCount(n.runs) !== finishedCount(p.runs)) onChange()
    }),
  shrink: [withoutExchanges, withoutRuns],
}

function finishedCount(runs: Record<string, RunView>): number {
  let n = 0
  for (const r of Object.values(runs)) if (r.status !== 'running') n++
  return n
}
