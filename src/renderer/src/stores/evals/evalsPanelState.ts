// What the Evals panel keeps across a reload, a crash or a restart, through the workspace as the Text panel's
// draft is kept: the set-up as typed (prompt, variants, graders, concurrency), the dataset by reference (main
// keeps the dataset itself on disk, so a 100,000-row dataset never passes through this state) and the last run
// shown, by id (main keeps its cells). Coming back, the dataset and that run's results are asked of main again.
import { z } from 'zod'
import { WIRE_FORMATS } from '../../../../shared/format'
import { EVAL_GRADERS_MAX, EVAL_VARIANTS_MAX } from '../../../../shared/ipc/evals'
import type { PanelPersistence } from '../workspace'
import { useEvalsStore } from './evalsStore'
import { FORM_GRADER_KINDS, rowKey } from './form'
import { usePastRuns } from './pastRuns'

const text = z.string().max(200_000)
const variantSchema = z.object({
  format: z.enum(WIRE_FORMATS),
  model: text,
  profileId: text,
  temperature: text,
  maxTokens: text,
})
const graderSchema = z.object({
  kind: z.enum(FORM_GRADER_KINDS),
  value: text,
  path: text,
  model: text,
  format: z.enum(WIRE_FORMATS),
  profileId: text,
  threshold: text,
  not: z.boolean(),
})

const evalsStateSchema = z.object({
  dataset: z
    .object({ id: z.string().max(100), name: z.string().max(1000) })
    .nullable()
    .catch(null),
  system: text.catch(''),
  user: text.catch(''),
  concurrency: z.string().max(20).catch('4'),
  // A row that no longer reads (a kind renamed since) is left out; the others stay.
  variants: z
    .array(variantSchema.nullable().catch(null))
    .max(EVAL_VARIANTS_MAX)
    .catch([])
    .transform((rows) => rows.filter((r) => r !== null)),
  graders: z
    .array(graderSchema.nullable().catch(null))
    .max(EVAL_GRADERS_MAX)
    .catch([])
    .transform((rows) => rows.filter((r) => r !== null)),
  runId: z.string().max(100).nullable().catch(null),
})
type EvalsPanelState = z.infer<typeof evalsStateSchema>

/** What is being brought back from main (the dataset, the last run): kept as saved until it is shown. */
let coming: Pick<EvalsPanelState, 'dataset' | 'runId'> | null = null

export const evalsPanelPersistence: PanelPersistence<EvalsPanelState> = {
  panel: 'evals',
  schema: evalsStateSchema as z.ZodType<EvalsPanelState>,
  snapshot() {
    const s = useEvalsStore.getState()
    const strip = <T extends { key: string }>({ key: _key, ...rest }: T) => rest
    const comingRun =
      coming && (!s.dataset || s.dataset.datasetId === coming.dataset?.id) ? coming.runId : null
    return {
      dataset: s.dataset ? { id: s.dataset.datasetId, name: s.dataset.name } : (coming?.dataset ?? null),
      system: s.system,
      user: s.user,
      concurrency: s.concurrency,
      variants: s.variants.map(strip),
      graders: s.graders.map(strip),
      runId: s.run?.id ?? comingRun,
    }
  },
  restore(saved) {
    useEvalsStore.setState({
      system: saved.system,
      user: saved.user,
      concurrency: saved.concurrency,
      variants: saved.variants.map((v) => ({ ...v, key: rowKey('v') })),
      graders: saved.graders.map((g) => ({ ...g, key: rowKey('g') })),
    })
    const { dataset, runId } = saved
    if (!dataset) return
    coming = { dataset, runId }
    void useEvalsStore
      .getState()
      .reopenDataset(dataset.id, dataset.name)
      .then((shown) => {
        // The run goes with its dataset: shown while the panel still has that dataset and no other run.
        const still = () => {
          const s = useEvalsStore.getState()
          return s.dataset?.datasetId === dataset.id && s.run === null
        }
        if (shown && runId) return usePastRuns.getState().show(runId, still)
      })
      .finally(() => (coming = null))
  },
  untouched() {
    const s = useEvalsStore.getState()
    return (
      !s.dataset &&
      !s.importing &&
      !s.run &&
      !s.user &&
      !s.system &&
      s.graders.length === 0 &&
      s.variants.every((v) => !v.model)
    )
  },
  holdsWork: (saved) =>
    saved.dataset !== null ||
    saved.user.trim() !== '' ||
    saved.system.trim() !== '' ||
    saved.graders.length > 0,
  subscribe: (onChange) =>
    useEvalsStore.subscribe((n, p) => {
      if (
        n.dataset?.datasetId !== p.dataset?.datasetId ||
        n.system !== p.system ||
        n.user !== p.user ||
        n.concurrency !== p.concurrency ||
        n.variants !== p.variants ||
        n.graders !== p.graders ||
        n.run?.id !== p.run?.id
      )
        onChange()
    }),
}
