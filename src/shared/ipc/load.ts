// The load test domain: a run started from a plan (named here before main hears of it), its requests arriving as
// coalesced `load.progress` events (points and the live figures of the level going, a few times a second,
// never per token), then one `load.ended`; kept runs listed and reopened from disk, their points read in pages,
// one request's record and exchange for the Inspector; exports (JSON, CSV, a Locust file) through the media
// store; two runs compared level by level; Locust's results imported to show beside the app's. No message
// carries a key; every message stays far under 256 KB (M1).
import { z } from 'zod'
import { defineCommand, defineEvent } from './define'
import { exchangeSchema } from './exchange'
import { LOAD_LIMITS, loadPlanSchema } from '../load/plan'
import { loadReportSchema, LOAD_STATUSES } from '../load/report'
import { POINTS_PAGE } from '../load/points'
import { ERROR_CLASSES } from '../load/metrics'
import { billedCostSchema, billedSumSchema } from '../cost/billed'

const runId = z.string().regex(/^[\w-]{8,100}$/, 'runId: 8-100 letters, digits, - or _')
/** Characters of a report or Locust file the renderer may hand over (well under the IPC bound). */
export const LOAD_IMPORT_CHARS = 240_000

const pointSchema = z.tuple([
  z.number(),
  z.number(),
  z.number(),
  z.number().nullable(),
  z.number(),
  z.number().nullable(),
  z.number(),
  z.enum(['ok', 'warmup', 'stopped', ...ERROR_CLASSES]),
  z.union([z.literal(0), z.literal(1)]),
])

const levelSchema = loadReportSchema.shape.levels.element

export const loadRunSummarySchema = z.object({
  runId: z.string(),
  name: z.string(),
  startedAt: z.number(),
  endedAt: z.number().nullable(),
  status: z.enum(LOAD_STATUSES),
  requests: z.number(),
  targets: z.array(z.string()),
  levels: z.array(z.number()),
  mode: z.enum(['concurrency', 'rate']),
})
export type LoadRunSummary = z.infer<typeof loadRunSummarySchema>

export const locustMetricSchema = z.object({
  count: z.number(),
  failures: z.number(),
  mean: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  p50: z.number().nullable(),
  p90: z.number().nullable(),
  p95: z.number().nullable(),
  p99: z.number().nullable(),
  perSecond: z.number().nullable(),
  /** Average Content Size: output tokens per request on E2E rows. */
  meanLength: z.number().nullable(),
})
export type LocustMetric = z.infer<typeof locustMetricSchema>
export const locustLevelSchema = z.object({
  name: z.string(),
  target: z.string(),
  level: z.string(),
  metrics: z.partialRecord(z.enum(['TTFT', 'TPOT', 'ITL', 'TOKENS', 'E2E']), locustMetricSchema),
})
export type LocustLevel = z.infer<typeof locustLevelSchema>

const levelChangeSchema = z.object({
  key: z.string(),
  target: z.string(),
  level: z.string(),
  only: z.enum(['before', 'after']).nullable(),
  changes: z.array(
    z.object({
      figure: z.string(),
      before: z.number().nullable(),
      after: z.number().nullable(),
      unit: z.string(),
      relative: z.number().nullable(),
      regression: z.boolean(),
      improvement: z.boolean(),
    }),
  ),
  regressions: z.array(z.string()),
})

const exportLink = z.object({ url: z.string(), name: z.string(), bytes: z.number() })

export const loadRequestSchema = z.object({
  index: z.number(),
  step: z.number(),
  warmup: z.boolean(),
  stream: z.boolean(),
  /** Handed to the HTTP client (null in runs kept before it was recorded); `sentAt` is when it wrote it. */
  handedAt: z.number().nullable(),
  sentAt: z.number(),
  headersAt: z.number().nullable(),
  endAt: z.number(),
  frames: z.number(),
  usageOutput: z.number().nullable(),
  usageInput: z.number().nullable(),
  tokenizerOutput: z.number(),
  promptTokens: z.number(),
  httpStatus: z.number().nullable(),
  error: z.string().nullable(),
  message: z.string().nullable(),
  /** What it cost (absent when the run was not priced, and in runs kept before requests were). */
  cost: billedCostSchema.optional(),
})

export const loadCommands = {
  /** Starts a run of a plan; answers how many requests it sends (null when levels are timed). */
  'load.start': defineCommand(
    z.object({ runId, plan: loadPlanSchema }),
    z.object({ runId: z.string(), expected: z.number().nullable(), steps: z.number() }),
  ),
  /** Stops a run: nothing more is sent, requests in flight are aborted (left out of the figures). */
  'load.stop': defineCommand(z.object({ runId: z.string().max(100) }), z.object({ stopped: z.boolean() })),
  /** The runs kept on disk, newest first. */
  'load.listRuns': defineCommand(z.object({}), z.object({ runs: z.array(loadRunSummarySchema) })),
  /** A kept run's report (plan and the figures of every level) and how many points it has. */
  'load.openRun': defineCommand(
    z.object({ runId: z.string().max(100) }),
    z.object({ report: loadReportSchema, points: z.number() }),
  ),
  /** A page of a run's points (its requests, in the order they ended). */
  'load.points': defineCommand(
    z.object({
      runId: z.string().max(100),
      offset: z.number().int().min(0),
      limit: z.number().int().min(1).max(POINTS_PAGE),
    }),
    z.object({ points: z.array(pointSchema), total: z.number() }),
  ),
  /** One request's record (times, tokens, status) and its exchange for the Inspector. */
  'load.request': defineCommand(
    z.object({ runId: z.string().max(100), index: z.number().int().min(0) }),
    z.object({ request: loadRequestSchema.nullable(), exchange: exchangeSchema.nullable() }),
  ),
  /** Writes a run as a file (report JSON, levels CSV, requests CSV, or a locustfile.py reading its key from `keyEnv`). */
  'load.export': defineCommand(
    z.object({
      runId: z.string().max(100),
      format: z.enum(['json', 'csv', 'requestsCsv', 'locust']),
      keyEnv: z
        .string()
        .regex(
          /^[A-Za-z_][A-Za-z0-9_]{0,127}$/,
          'key variable: letters, digits and _, not starting with a digit',
        )
        .optional(),
    }),
    exportLink,
  ),
  /** Two runs compared level by level: `before` is a kept run or the text of an exported report. */
  'load.diff': defineCommand(
    z
      .object({
        beforeId: z.string().max(100).optional(),
        beforeText: z
          .string()
          .max(LOAD_IMPORT_CHARS, `report file: at most ${LOAD_IMPORT_CHARS} characters`)
          .optional(),
        afterId: z.string().max(100),
      })
      .refine((v) => (v.beforeId === undefined) !== (v.beforeText === undefined), {
        message: 'before: choose one earlier run or one report file',
        path: ['beforeId'],
      }),
    z.object({ rows: z.array(levelChangeSchema), before: loadRunSummarySchema }),
  ),
  /** Reads Locust's `<prefix>_stats.csv` (from an exported locustfile) to show beside the app's figures. */
  'load.importLocust': defineCommand(
    z.object({
      text: z.string().max(LOAD_IMPORT_CHARS, `Locust results: at most ${LOAD_IMPORT_CHARS} characters`),
    }),
    z.object({ levels: z.array(locustLevelSchema) }),
  ),
  /** Removes a kept run and its files. */
  'load.deleteRun': defineCommand(
    z.object({ runId: z.string().max(100) }),
    z.object({ deleted: z.boolean() }),
  ),
}

export const loadEvents = {
  /** A run's newest ended requests and the live figures of its levels so far (a few times a second). */
  'load.progress': defineEvent(
    z.object({
      runId: z.string(),
      step: z.number(),
      sent: z.number(),
      elapsedMs: z.number(),
      points: z.array(pointSchema),
      levels: z.array(levelSchema),
      /**
       * Each target's cost so far in the plan's order (priced requests summed per currency, the rest counted by
       * why); null when the run is not priced. On the first message of a flush only.
       */
      targetCosts: z.array(billedSumSchema).max(LOAD_LIMITS.targets).nullable().optional(),
    }),
  ),
  /** The run ended: done, stopped or failed (with why); its final figures. */
  'load.ended': defineEvent(
    z.object({
      runId: z.string(),
      status: z.enum(LOAD_STATUSES),
      error: z.string().nullable(),
      report: loadReportSchema,
    }),
  ),
}
