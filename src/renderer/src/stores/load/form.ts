// The Load test form as typed (text fields stay text until Start) and the plan it becomes, with each problem
// named by the field's label and rule, and the estimate of what a run sends. Pure: the store and the panel read it.
import {
  LOAD_LIMITS,
  isTextFormat,
  plannedRequests,
  type LoadFormat,
  type LoadMode,
  type LoadPlan,
} from '../../../../shared/load/plan'

export interface TargetRow {
  profileId: string
  model: string
  format: LoadFormat
  stream: boolean
}

export interface LoadForm {
  name: string
  targets: TargetRow[]
  promptKind: 'synthetic' | 'case' | 'file'
  inputTokens: string
  /** `<suiteId>/<caseId>` */
  caseRef: string
  file: { ref: string; name: string } | null
  maxTokens: string
  simTokens: boolean
  mode: LoadMode
  levels: string
  per: 'requests' | 'seconds'
  amount: string
  warmup: string
  timeoutS: string
  maxInFlight: string
  ttftLimit: string
  tpotLimit: string
}

export const newTarget = (profileId = '', model = 'gpt-4o-mini', format: LoadFormat = 'chat'): TargetRow => ({
  profileId,
  model,
  format,
  stream: true,
})

export const LOAD_FORM_DEFAULTS: LoadForm = {
  name: '',
  targets: [newTarget()],
  promptKind: 'synthetic',
  inputTokens: '128',
  caseRef: '',
  file: null,
  maxTokens: '128',
  simTokens: true,
  mode: 'concurrency',
  levels: '1, 4, 16, 64',
  per: 'requests',
  amount: '40',
  warmup: '2',
  timeoutS: '120',
  maxInFlight: '256',
  ttftLimit: '',
  tpotLimit: '',
}

const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : null)
const positive = (text: string) => {
  const n = Number(text)
  return text.trim() !== '' && Number.isFinite(n) && n > 0 ? n : null
}

export function parseLevels(text: string): number[] | null {
  const parts = text
    .split(/[\s,]+/)
    .map((p) => p.trim())
    .filter(Boolean)
  if (parts.length === 0) return null
  const values = parts.map(Number)
  return values.every((v) => Number.isFinite(v) && v > 0) ? values : null
}

/** Problems by field key (`targets.0.model`, `levels`, …), in the words of the form's labels. */
export function loadFormErrors(form: LoadForm, profileIds: readonly string[]): Record<string, string> {
  const e: Record<string, string> = {}
  if (form.targets.length === 0) e.targets = 'Targets: add at least one.'
  if (form.targets.length > LOAD_LIMITS.targets) e.targets = `Targets: at most ${LOAD_LIMITS.targets}.`
  form.targets.forEach((t, i) => {
    if (!profileIds.includes(t.profileId)) e[`targets.${i}.profileId`] = 'Profile: choose a profile.'
    const model = t.model.trim()
    if (!model) e[`targets.${i}.model`] = 'Model: write a model id.'
    else if (/\s/.test(model) || model.length > 200)
      e[`targets.${i}.model`] = 'Model: one id without spaces, at most 200 characters.'
  })
  if (form.promptKind === 'synthetic') {
    const n = whole(form.inputTokens)
    if (n === null || n < 1 || n > LOAD_LIMITS.inputTokens)
      e.inputTokens = `Input tokens: a whole number from 1 to ${LOAD_LIMITS.inputTokens}.`
  }
  if (form.promptKind === 'case' && !form.caseRef) e.caseRef = 'Saved case: choose one.'
  if (form.promptKind === 'file' && !form.file) e.file = 'Prompts file: choose a file.'
  const max = whole(form.maxTokens)
  if (max === null || max < 1 || max > LOAD_LIMITS.outputTokens)
    e.maxTokens = `Max tokens: a whole number from 1 to ${LOAD_LIMITS.outputTokens}.`
  const levels = parseLevels(form.levels)
  if (!levels) e.levels = 'Levels: numbers above 0, separated by commas (1, 4, 16, 64).'
  else if (levels.length > LOAD_LIMITS.levels) e.levels = `Levels: at most ${LOAD_LIMITS.levels}.`
  else if (
    form.mode === 'concurrency' &&
    levels.some((l) => !Number.isInteger(l) || l > LOAD_LIMITS.concurrency)
  )
    e.levels = `Levels: concurrency is a whole number from 1 to ${LOAD_LIMITS.concurrency}.`
  else if (form.mode === 'rate' && levels.some((l) => l > LOAD_LIMITS.rate))
    e.levels = `Levels: a rate of at most ${LOAD_LIMITS.rate} requests per second.`
  else if (levels.length * form.targets.length > LOAD_LIMITS.steps)
    e.levels = `Levels: targets × levels is at most ${LOAD_LIMITS.steps}.`
  const amount = whole(form.amount)
  const amountMax = form.per === 'seconds' ? LOAD_LIMITS.secondsPerLevel : LOAD_LIMITS.requestsPerRun
  if (amount === null || amount < 1 || amount > amountMax)
    e.amount = `Per level: a whole number from 1 to ${amountMax}.`
  const warmup = whole(form.warmup)
  if (warmup === null || warmup > 10_000) e.warmup = 'Warm-up: a whole number from 0 to 10000.'
  const timeout = whole(form.timeoutS)
  if (timeout === null || timeout < 1 || timeout > LOAD_LIMITS.timeoutS)
    e.timeoutS = `Timeout: a whole number of seconds from 1 to ${LOAD_LIMITS.timeoutS}.`
  if (form.mode === 'rate') {
    const inflight = whole(form.maxInFlight)
    if (inflight === null || inflight < 1 || inflight > LOAD_LIMITS.maxInFlight)
      e.maxInFlight = `Most in flight: a whole number from 1 to ${LOAD_LIMITS.maxInFlight}.`
  }
  if (form.ttftLimit.trim() && positive(form.ttftLimit) === null)
    e.ttftLimit = 'TTFT limit: a number of ms above 0, or empty.'
  if (form.tpotLimit.trim() && positive(form.tpotLimit) === null)
    e.tpotLimit = 'TPOT limit: a number of ms above 0, or empty.'
  if (!Object.keys(e).length) {
    const total = plannedRequests(planOf(form))
    if (total !== null && total > LOAD_LIMITS.requestsPerRun)
      e.amount = `Per level: ${total} requests in all is more than ${LOAD_LIMITS.requestsPerRun} in one run.`
  }
  return e
}

/** Whether the simulator's length trigger can be asked for: only when every target's profile is the simulator. */
export const simTokensOffered = (form: LoadForm, simulatorIds: readonly string[]): boolean =>
  form.targets.every((t) => simulatorIds.includes(t.profileId))

/** The plan of a form without errors. */
export function planOf(form: LoadForm): LoadPlan {
  const [suiteId = '', caseId = ''] = form.caseRef.split('/')
  return {
    ...(form.name.trim() ? { name: form.name.trim() } : {}),
    targets: form.targets.map((t) => ({
      profileId: t.profileId,
      model: t.model.trim(),
      format: t.format,
      stream: isTextFormat(t.format) ? t.stream : false,
    })),
    prompts:
      form.promptKind === 'synthetic'
        ? { kind: 'synthetic', inputTokens: Number(form.inputTokens) }
        : form.promptKind === 'case'
          ? { kind: 'case', suiteId, caseId }
          : { kind: 'file', ref: form.file?.ref ?? '', name: form.file?.name ?? '' },
    maxTokens: Number(form.maxTokens),
    simTokens: form.simTokens,
    shape: {
      mode: form.mode,
      levels: parseLevels(form.levels) ?? [],
      per: form.per,
      amount: Number(form.amount),
      warmup: Number(form.warmup),
      timeoutS: Number(form.timeoutS),
      maxInFlight: whole(form.maxInFlight) ?? 256,
    },
    goodput: { ttftMs: positive(form.ttftLimit), tpotMs: positive(form.tpotLimit) },
  }
}

/** A kept run's plan back as the form that makes it (its profiles as they were: one deleted since is named at Start). */
export function formOf(plan: LoadPlan): LoadForm {
  const p = plan.prompts
  const limit = (ms: number | null) => (ms === null ? '' : String(ms))
  return {
    name: plan.name ?? '',
    targets: plan.targets.map((t) => ({ ...t })),
    promptKind: p.kind,
    inputTokens: p.kind === 'synthetic' ? String(p.inputTokens) : LOAD_FORM_DEFAULTS.inputTokens,
    caseRef: p.kind === 'case' ? `${p.suiteId}/${p.caseId}` : '',
    file: p.kind === 'file' ? { ref: p.ref, name: p.name } : null,
    maxTokens: String(plan.maxTokens),
    simTokens: plan.simTokens,
    mode: plan.shape.mode,
    levels: plan.shape.levels.join(', '),
    per: plan.shape.per,
    amount: String(plan.shape.amount),
    warmup: String(plan.shape.warmup),
    timeoutS: String(plan.shape.timeoutS),
    maxInFlight: String(plan.shape.maxInFlight),
    ttftLimit: limit(plan.goodput.ttftMs),
    tpotLimit: limit(plan.goodput.tpotMs),
  }
}

/** Whether the form holds a kept run's set-up as it is (so its results are the form's). */
export function sameSetup(form: LoadForm, plan: LoadPlan): boolean {
  const kept = formOf(plan)
  const row = (t: TargetRow) => [t.profileId, t.model, t.format, t.stream]
  return (Object.keys(kept) as (keyof LoadForm)[]).every((k) =>
    k === 'targets'
      ? JSON.stringify(form.targets.map(row)) === JSON.stringify(kept.targets.map(row))
      : k === 'file'
        ? form.file?.ref === kept.file?.ref
        : form[k] === kept[k],
  )
}

/** What a run of this form sends, in words: requests and tokens (input exact for synthetic prompts). */
export function estimateWords(form: LoadForm): string | null {
  if (
    Object.keys(
      loadFormErrors(
        form,
        form.targets.map((t) => t.profileId),
      ),
    ).length
  )
    return null
  const plan = planOf(form)
  const total = plannedRequests(plan)
  const steps = plan.targets.length * plan.shape.levels.length
  if (total === null) {
    return `${steps} level${steps === 1 ? '' : 's'} of ${plan.shape.amount} s each (after ${plan.shape.warmup} warm-up requests): the request count depends on the gateway's speed.`
  }
  const input =
    plan.prompts.kind === 'synthetic'
      ? `${(total * plan.prompts.inputTokens).toLocaleString('en')} input tokens`
      : "the prompts' input tokens"
  const textTargets = plan.targets.filter((t) => isTextFormat(t.format)).length
  const output = textTargets
    ? `, up to ${((total / plan.targets.length) * textTargets * plan.maxTokens).toLocaleString('en')} output tokens`
    : ''
  return `${total.toLocaleString('en')} requests (${steps} level${steps === 1 ? '' : 's'}, warm-up included): ${input}${output}.`
}
