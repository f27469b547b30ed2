// A load test as data: what to call (targets: profile × model × format, streamed or not; the four text formats
// or an embeddings format), with what (synthetic prompts of an input length, a saved case, a file of prompts; an
// output length), and how hard (concurrency levels or request rates, requests or seconds per level, warm-up,
// timeout, goodput limits). The panel, main and `npm run load` read the same schema; every rule names its field.
import { z } from 'zod'
import { WIRE_FORMATS, type WireFormat } from '../format'
import { EMBED_FORMATS } from '../embed/requests'

export const LOAD_FORMATS = [...WIRE_FORMATS, ...EMBED_FORMATS] as const
export type LoadFormat = (typeof LOAD_FORMATS)[number]

export const LOAD_FORMAT_LABELS: Record<LoadFormat, string> = {
  chat: 'Chat completions',
  responses: 'Responses',
  messages: 'Messages',
  native: 'Native generateContent',
  embeddings: 'Embeddings',
  embedContent: 'Native embedContent',
  batchEmbedContents: 'Native batchEmbedContents',
}

export const isTextFormat = (format: LoadFormat): format is WireFormat =>
  (WIRE_FORMATS as readonly string[]).includes(format)

/** Bounds of one run: what main keeps per run on disk and in memory stays bounded by them. */
export const LOAD_LIMITS = {
  targets: 16,
  levels: 16,
  /** Targets × levels: each step's figures travel in one message. */
  steps: 64,
  concurrency: 1024,
  rate: 1000,
  requestsPerRun: 100_000,
  secondsPerLevel: 3600,
  inputTokens: 128_000,
  outputTokens: 100_000,
  filePrompts: 10_000,
  promptChars: 400_000,
  timeoutS: 3600,
  maxInFlight: 4096,
} as const

const positiveInt = (field: string, max: number) =>
  z
    .number({ error: `${field}: a number` })
    .int(`${field}: a whole number`)
    .min(1, `${field}: at least 1`)
    .max(max, `${field}: at most ${max}`)

export const loadTargetSchema = z.object({
  profileId: z.string().min(1, 'profile: choose a profile').max(100),
  model: z
    .string()
    .trim()
    .min(1, 'model: write a model id')
    .max(200, 'model: at most 200 characters')
    .regex(/^\S+$/, 'model: no spaces in a model id'),
  format: z.enum(LOAD_FORMATS, { error: `format: one of ${LOAD_FORMATS.join(', ')}` }),
  /** Text formats only; embeddings answer whole. */
  stream: z.boolean(),
})
export type LoadTarget = z.infer<typeof loadTargetSchema>

export const promptSourceSchema = z.discriminatedUnion('kind', [
  /** Distinct prompts of this many tokens (the local tokenizer, o200k_base), one per request. */
  z.object({
    kind: z.literal('synthetic'),
    inputTokens: positiveInt('input tokens', LOAD_LIMITS.inputTokens),
  }),
  /** A saved case's messages (its model and format are the targets'). */
  z.object({
    kind: z.literal('case'),
    suiteId: z.string().min(1).max(100),
    caseId: z.string().min(1).max(100),
  }),
  /** A file of prompts, one per line or JSON lines of {"prompt": "…"}; requests take them in turn. */
  z.object({
    kind: z.literal('file'),
    /** Where main reads it: a media id in the app, a path from the command line. */
    ref: z.string().min(1).max(4096),
    name: z.string().max(300),
  }),
])

export const LOAD_MODES = ['concurrency', 'rate'] as const
export type LoadMode = (typeof LOAD_MODES)[number]

export const loadShapeSchema = z
  .object({
    /** `concurrency`: closed loop, n requests in flight; `rate`: open loop, Poisson arrivals at n per second. */
    mode: z.enum(LOAD_MODES),
    levels: z
      .array(z.number({ error: 'levels: numbers' }).positive('levels: each above 0'))
      .min(1, 'levels: at least one')
      .max(LOAD_LIMITS.levels, `levels: at most ${LOAD_LIMITS.levels}`),
    /** How long each level lasts, after its warm-up. */
    per: z.enum(['requests', 'seconds']),
    amount: positiveInt('per level', LOAD_LIMITS.requestsPerRun),
    /** Requests at the start of each level that are sent but not measured. */
    warmup: z.number().int('warm-up: a whole number').min(0, 'warm-up: 0 or more').max(10_000),
    /** One request's whole time at most, seconds: past it the request is stopped and counts as a timeout. */
    timeoutS: positiveInt('timeout', LOAD_LIMITS.timeoutS),
    /** Rate mode: requests in flight at most; arrivals past it wait at the client (and say so). */
    maxInFlight: positiveInt('most in flight', LOAD_LIMITS.maxInFlight),
  })
  .superRefine((shape, ctx) => {
    for (const level of shape.levels) {
      if (shape.mode === 'concurrency' && (!Number.isInteger(level) || level > LOAD_LIMITS.concurrency))
        ctx.addIssue({
          code: 'custom',
          path: ['levels'],
          message: `levels: concurrency is a whole number from 1 to ${LOAD_LIMITS.concurrency} (got ${level})`,
        })
      if (shape.mode === 'rate' && level > LOAD_LIMITS.rate)
        ctx.addIssue({
          code: 'custom',
          path: ['levels'],
          message: `levels: a rate of at most ${LOAD_LIMITS.rate} requests per second (got ${level})`,
        })
    }
    if (shape.per === 'seconds' && shape.amount > LOAD_LIMITS.secondsPerLevel)
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: `per level: at most ${LOAD_LIMITS.secondsPerLevel} seconds`,
      })
  })
export type LoadShape = z.infer<typeof loadShapeSchema>

export const loadPlanSchema = z
  .object({
    name: z.string().max(200).optional(),
    targets: z
      .array(loadTargetSchema)
      .min(1, 'targets: add at least one')
      .max(LOAD_LIMITS.targets, `targets: at most ${LOAD_LIMITS.targets}`),
    prompts: promptSourceSchema,
    /** Output length asked for: max tokens on text formats. */
    maxTokens: positiveInt('max tokens', LOAD_LIMITS.outputTokens),
    /**
     * Also ask the simulator for that many tokens (`sim:tokens=<n>` in the prompt): the app's runs send it only
     * when every target's profile is the simulator (`isSimulatorProfile`), never to a gateway.
     */
    simTokens: z.boolean(),
    shape: loadShapeSchema,
    /** Goodput: a request is good when it succeeded within both limits (those set). */
    goodput: z.object({
      ttftMs: z.number().positive('TTFT limit: above 0').max(3_600_000).nullable(),
      tpotMs: z.number().positive('TPOT limit: above 0').max(3_600_000).nullable(),
    }),
  })
  .superRefine((plan, ctx) => {
    const steps = plan.targets.length * plan.shape.levels.length
    if (steps > LOAD_LIMITS.steps)
      ctx.addIssue({
        code: 'custom',
        path: ['targets'],
        message: `targets × levels: at most ${LOAD_LIMITS.steps} (${plan.targets.length} × ${plan.shape.levels.length} = ${steps})`,
      })
    const total = plannedRequests(plan)
    if (total !== null && total > LOAD_LIMITS.requestsPerRun)
      ctx.addIssue({
        code: 'custom',
        path: ['shape', 'amount'],
        message: `per level: ${total} requests in all is more than ${LOAD_LIMITS.requestsPerRun} in one run`,
      })
  })
export type LoadPlan = z.infer<typeof loadPlanSchema>

/** One step of a run: a target at a level. Steps run one after another, each target through every level. */
export interface LoadStep {
  index: number
  targetIndex: number
  level: number
}

export function planSteps(plan: Pick<LoadPlan, 'targets' | 'shape'>): LoadStep[] {
  const steps: LoadStep[] = []
  plan.targets.forEach((_, targetIndex) => {
    for (const level of plan.shape.levels) steps.push({ index: steps.length, targetIndex, level })
  })
  return steps
}

/** Requests a run sends when each level is a count (warm-up included); null when levels are timed. */
export function plannedRequests(plan: Pick<LoadPlan, 'targets' | 'shape'>): number | null {
  if (plan.shape.per !== 'requests') return null
  return plan.targets.length * plan.shape.levels.length * (plan.shape.amount + plan.shape.warmup)
}

/** A target in words: `model · format` (and "whole" when not streamed). */
export function targetLabel(
  target: Pick<LoadTarget, 'model' | 'format' | 'stream'>,
  profile?: string,
): string {
  const format = LOAD_FORMAT_LABELS[target.format]
  const whole = isTextFormat(target.format) && !target.stream ? ' (not streamed)' : ''
  return `${profile ? `${profile} · ` : ''}${target.model} · ${format}${whole}`
}

/** The level in words: "16 concurrent" or "4 req/s". */
export function levelLabel(mode: LoadMode, level: number): string {
  return mode === 'concurrency' ? `${level} concurrent` : `${level} req/s`
}

/** A profile that is the built-in simulator, or a copy that follows it: the only ones `sim:tokens` is sent to. */
export const isSimulatorProfile = (p: {
  builtIn: boolean
  followsSimulator?: boolean | undefined
}): boolean => p.builtIn || p.followsSimulator === true
