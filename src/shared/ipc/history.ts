// The history domain: every finished run kept in main's database, listed in pages (a page stays far under the
// 256 KB IPC bound, M1), searched by words of its prompt or answer, opened whole, deleted, exported as a JSON
// file through the media store. Profiles appear by name only; keys never reach the database (S7).
import { z } from 'zod'
import { defineCommand, defineEvent } from './define'
import { exchangeSchema } from './exchange'
import { WIRE_FORMATS } from '../format'

export const RUN_KINDS = ['text', 'compare', 'embeddings', 'rerank', 'video', 'console', 'check'] as const
export type RunKind = (typeof RUN_KINDS)[number]
export const RUN_KIND_LABELS: Record<RunKind, string> = {
  text: 'Text',
  compare: 'Compare',
  embeddings: 'Embeddings',
  rerank: 'Rerank',
  video: 'Video',
  console: 'Console',
  check: 'Gateway check',
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
})
export type HistoryFilter = z.infer<typeof historyFilterSchema>

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

export const historyStorageSchema = z.object({
  runs: z.number(),
  /** Days captures are kept; 0 keeps them forever. */
  retentionDays: z.number(),
  databaseBytes: z.number(),
  captureBytes: z.number(),
  captureFiles: z.number(),
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
    }),
    z.object({ total: z.number(), rows: z.array(historyRowSchema), tookMs: z.number() }),
  ),
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
