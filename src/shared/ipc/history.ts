// The history domain: every finished run kept in main's database, listed in pages (a page stays far under the
// 256 KB IPC bound, M1), searched by words of its prompt or answer, opened whole, deleted, exported as a JSON
// file through the media store. Profiles appear by name only; keys never reach the database (S7).
import { z } from 'zod'
import { defineCommand, defineEvent } from './define'
import { exchangeSchema } from './exchange'
import { WIRE_FORMATS } from '../format'

export const RUN_KINDS = [
  'text',
  'compare',
  'embeddings',
  'rerank',
  'video',
  'console',
  'check',
  'load',
  'loadRequest',
] as const
export type RunKind = (typeof RUN_KINDS)[number]
export const RUN_KIND_LABELS: Record<RunKind, string> = {
  text: 'Text',
  compare: 'Compare',
  embeddings: 'Embeddings',
  rerank: 'Rerank',
  video: 'Video',
  console: 'Console',
  check: 'Gateway check',
  load: 'Load test',
  loadRequest: 'Load test request',
}

/** How a run ended, across kinds: text runs end done/error/aborted/incomplete; jobs end done/failed/cancelled. */
export const HISTORY_STATUSES = [
  'done',
  'error',
  'aborted',
  'incomplete',
  'failed',
  'cancelled',
  /** Still streaming (checkpointed, R9). */
  'running',
  /** The app stopped (a kill, a crash, a closed window) while it was going; what had arrived is kept. */
  'interrupted',
] as const
export type HistoryStatus = (typeof HISTORY_STATUSES)[number]

/** Page size bound: 500 rows of at most ~400 characters each stay under 256 KB. */
export const HISTORY_PAGE_MAX = 500

export const historyFilterSchema = z.object({
  /** Words of the prompt or answer (full-text search; the last word matches as a prefix). */
  query: z.string().max(500).optional(),
  kind: z.enum(RUN_KINDS).optional(),
  format: z.enum(WIRE_FORMATS).optional(),
  model: z.string().max(200).optional(),
  profile: z.string().max(200).optional(),
  status: z.enum(HISTORY_STATUSES).optional(),
  /** Epoch ms, inclusive. */
  from: z.number().int().min(0).optional(),
  /** Epoch ms, exclusive. */
  to: z.number().int().min(0).optional(),
  /** Cost bounds in millionths of the currency's unit, inclusive; runs without a cost are left out. */
  costMin: z.number().int().min(0).optional(),
  costMax: z.number().int().min(0).optional(),
  /** Only the pinned runs. */
  pinned: z.boolean().optional(),
})
export type HistoryFilter = z.infer<typeof historyFilterSchema>

/** How a list is ordered: by start (newest or oldest first) or by a measure, largest first. */
export const HISTORY_SORTS = ['newest', 'oldest', 'cost', 'duration', 'ttft', 'tokens'] as const
export type HistorySort = (typeof HISTORY_SORTS)[number]
export const HISTORY_SORT_LABELS: Record<HistorySort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  cost: 'Cost, highest first',
  duration: 'Duration, longest first',
  ttft: 'First token, slowest first',
  tokens: 'Output tokens, most first',
}

/** What sums group by. */
export const HISTORY_SUM_BYS = ['day', 'model', 'profile'] as const
export type HistorySumBy = (typeof HISTORY_SUM_BYS)[number]

export const runCostSchema = z.object({
  /** Millionths of the currency's unit. */
  micros: z.number(),
  currency: z.string(),
  /** Worked out from a price list rather than reported by the gateway. */
  estimate: z.boolean(),
})

export const historyRowSchema = z.object({
  id: z.string(),
  createdAt: z.number(),
  kind: z.enum(RUN_KINDS),
  format: z.string().nullable(),
  model: z.string().nullable(),
  profile: z.string().nullable(),
  status: z.string(),
  ttftMs: z.number().nullable(),
  totalMs: z.number().nullable(),
  outputTokens: z.number().nullable(),
  cost: runCostSchema.nullable(),
  /** Kept whatever the retention setting says. */
  pinned: z.boolean(),
  /** The start of the prompt and of the answer, for the list. */
  prompt: z.string(),
  answer: z.string(),
})
export type HistoryRow = z.infer<typeof historyRowSchema>

export const historyRunSchema = historyRowSchema.extend({
  inputTokens: z.number().nullable(),
  /** The whole answer (cut at ANSWER_MAX characters with a note). */
  answer: z.string(),
  prompt: z.string(),
  /** The draft the run was built from (text runs), for rerun and "open in Text". */
  draft: z.unknown().nullable(),
  /** The request body as sent (cut with a note when long). */
  requestBody: z.string().nullable(),
  /** Kind-specific result: summary, tool calls, stop reason, job result reference. */
  result: z.unknown().nullable(),
  error: z.string().nullable(),
  /** The captured exchange, read back from its file; null when none was kept or retention removed it. */
  exchange: exchangeSchema.nullable(),
  captureState: z.enum(['kept', 'none', 'expired']),
})
export type HistoryRun = z.infer<typeof historyRunSchema>

/** How long runs are kept: 0 days or 0 GB is no limit; pinned runs and saved cases are never dropped. */
export const runRetentionSchema = z.object({
  keepDays: z.number().int().min(0).max(36_500),
  keepGigabytes: z.number().min(0).max(10_000),
})
export type RunRetention = z.infer<typeof runRetentionSchema>

export const historyStorageSchema = z.object({
  runs: z.number(),
  /** Days captures are kept; 0 keeps them forever. */
  retentionDays: z.number(),
  runRetention: runRetentionSchema,
  databaseBytes: z.number(),
  captureBytes: z.number(),
  captureFiles: z.number(),
  /** Long texts: bytes as written (once per run) and as kept (deduplicated, compressed). */
  textBytes: z.number(),
  textStoredBytes: z.number(),
  /** The move of an earlier layout's runs into the compact one, while it goes. */
  layoutMove: z.object({ moved: z.number(), left: z.number() }).nullable(),
})
export type HistoryStorage = z.infer<typeof historyStorageSchema>

export const interruptedRunSchema = z.object({
  id: z.string(),
  createdAt: z.number(),
  kind: z.enum(RUN_KINDS),
  format: z.string().nullable(),
  model: z.string().nullable(),
  /** The start of the prompt. */
  prompt: z.string(),
  /** Characters of the answer that had arrived and are kept. */
  answerChars: z.number(),
})
export type InterruptedRun = z.infer<typeof interruptedRunSchema>

const idsSchema = z.array(z.string().min(1).max(100)).min(1).max(10_000)

export const historyCommands = {
  /** A page of runs, newest first, matching the filter; `total` is the count of all matches. */
  'history.listRuns': defineCommand(
    historyFilterSchema.extend({
      offset: z.number().int().min(0),
      limit: z.number().int().min(1).max(HISTORY_PAGE_MAX),
      sort: z.enum(HISTORY_SORTS).optional(),
    }),
    z.object({
      total: z.number(),
      /** A word search that matched more runs than it lists: `total` of them are listed, newest first. */
      capped: z.boolean(),
      rows: z.array(historyRowSchema),
      tookMs: z.number(),
    }),
  ),
  /** Runs, tokens and cost of the runs that match, summed by day (in the caller's time zone), model or profile. */
  'history.sumRuns': defineCommand(
    historyFilterSchema.extend({
      by: z.enum(HISTORY_SUM_BYS),
      /** Minutes east of UTC of the days to sum by (the caller's time zone). */
      tzOffsetMinutes: z.number().int().min(-900).max(900),
    }),
    z.object({
      sums: z.array(
        z.object({
          key: z.string(),
          runs: z.number(),
          inputTokens: z.number(),
          outputTokens: z.number(),
          costMicros: z.number(),
        }),
      ),
      /** Currencies of the costs summed (more than one: the cost sums mix them). */
      currencies: z.array(z.string()),
      tookMs: z.number(),
    }),
  ),
  /** Pins runs (kept whatever the retention says) or unpins them. */
  'history.pinRuns': defineCommand(
    z.object({ ids: z.array(z.string().min(1).max(100)).min(1).max(10_000), pinned: z.boolean() }),
    z.object({ changed: z.number() }),
  ),
  /** Sets how long runs are kept (days, gigabytes; 0 for no limit) and drops what is over it at once. */
  'history.setRunRetention': defineCommand(runRetentionSchema, historyStorageSchema),
  /** The values the filters offer: models, profiles and formats seen in the history. */
  'history.listFacets': defineCommand(
    z.object({}),
    z.object({ models: z.array(z.string()), profiles: z.array(z.string()), formats: z.array(z.string()) }),
  ),
  'history.getRun': defineCommand(z.object({ id: z.string().min(1).max(100) }), historyRunSchema),
  'history.deleteRuns': defineCommand(z.object({ ids: idsSchema }), z.object({ deleted: z.number() })),
  /** Writes the chosen runs (or all that match the filter) to a JSON file and answers a link to it. */
  'history.exportRuns': defineCommand(
    z.object({ ids: idsSchema.optional(), filter: historyFilterSchema.optional() }),
    z.object({ url: z.string(), name: z.string(), bytes: z.number(), runs: z.number() }),
  ),
  'history.getStorage': defineCommand(z.object({}), historyStorageSchema),
  /** Sends this window `history.runRecorded` for each run recorded from now on (while `watching` is true). */
  'history.watchRuns': defineCommand(
    z.object({ watching: z.boolean() }),
    z.object({ watching: z.boolean() }),
  ),
  /** Runs the previous process left going (killed mid-stream), now kept as interrupted; until dismissed. */
  'history.listInterrupted': defineCommand(z.object({}), z.object({ runs: z.array(interruptedRunSchema) })),
  'history.dismissInterrupted': defineCommand(z.object({}), z.object({ dismissed: z.number() })),
  /** Sets how long captures are kept (0 = forever) and removes those older at once. */
  'history.setRetention': defineCommand(
    z.object({ days: z.number().int().min(0).max(3650) }),
    historyStorageSchema,
  ),
}

export const historyEvents = {
  /** A run was committed to the history (the list refreshes while the panel is open). */
  'history.runRecorded': defineEvent(
    z.object({ id: z.string(), kind: z.enum(RUN_KINDS), createdAt: z.number(), count: z.number() }),
  ),
}
