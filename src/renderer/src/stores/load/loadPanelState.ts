// What the Load test panel keeps across a reload, a crash or a restart: its form as typed (targets, prompts, load,
// limits, name; text fields stay text, wrong ones included, so a half-typed value comes back as it was), and the
// prompts file already imported into main's media store by reference (nothing is uploaded again). Runs are not
// kept here: main keeps them on disk and the panel lists them from there. Bounded field by field: a field that no
// longer reads (too long, renamed since) starts again from its default, the others stay.
import { z } from 'zod'
import { LOAD_FORMATS, LOAD_LIMITS, LOAD_MODES } from '../../../../shared/load/plan'
import type { PanelPersistence } from '../workspace'
import { LOAD_FORM_DEFAULTS, type LoadForm } from './form'
import { useLoadStore } from './loadStore'

const D = LOAD_FORM_DEFAULTS
/** Targets kept at most: four times the most a run takes, so a form over the bound comes back as typed. */
const MAX_TARGETS = LOAD_LIMITS.targets * 4
const text = (max: number, fallback: string) => z.string().max(max).catch(fallback)

const targetSchema = z.object({
  profileId: z.string().max(200),
  model: z.string().max(1000),
  format: z.enum(LOAD_FORMATS),
  stream: z.boolean(),
})

const loadFormSchema = z.object({
  name: text(1000, D.name),
  targets: z.array(targetSchema).min(1).max(MAX_TARGETS).catch(D.targets),
  promptKind: z.enum(['synthetic', 'case', 'file']).catch(D.promptKind),
  inputTokens: text(100, D.inputTokens),
  caseRef: text(500, D.caseRef),
  file: z
    .object({ ref: z.string().max(200), name: z.string().max(1000) })
    .nullable()
    .catch(D.file),
  maxTokens: text(100, D.maxTokens),
  simTokens: z.boolean().catch(D.simTokens),
  mode: z.enum(LOAD_MODES).catch(D.mode),
  levels: text(2000, D.levels),
  per: z.enum(['requests', 'seconds']).catch(D.per),
  amount: text(100, D.amount),
  warmup: text(100, D.warmup),
  timeoutS: text(100, D.timeoutS),
  maxInFlight: text(100, D.maxInFlight),
  ttftLimit: text(100, D.ttftLimit),
  tpotLimit: text(100, D.tpotLimit),
}) satisfies z.ZodType<LoadForm>

const loadStateSchema = z.object({ form: loadFormSchema })
type LoadPanelState = z.infer<typeof loadStateSchema>

export const loadPanelPersistence: PanelPersistence<LoadPanelState> = {
  panel: 'load',
  schema: loadStateSchema,
  snapshot() {
    const { form } = useLoadStore.getState()
    return { form: { ...form, targets: form.targets.slice(0, MAX_TARGETS) } }
  },
  // The form as it starts, its first target's profile aside (the panel fills it in with the active one).
  untouched() {
    const { form } = useLoadStore.getState()
    const [first, ...more] = form.targets
    const start = D.targets[0]!
    return (
      more.length === 0 &&
      first?.model === start.model &&
      first.format === start.format &&
      first.stream === start.stream &&
      (Object.keys(D) as (keyof LoadForm)[]).every((k) => k === 'targets' || form[k] === D[k])
    )
  },
  restore(saved) {
    useLoadStore.setState({ form: saved.form })
  },
  subscribe: (onChange) =>
    useLoadStore.subscribe((n, p) => {
      if (n.form !== p.form) onChange()
    }),
}
