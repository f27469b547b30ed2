// The Gateway check domain: a battery started against one profile and chosen models (paid probes only when
// ticked), its cells arriving as events keyed by check id as each finishes, then exactly one `check.ended`;
// a cell's recorded exchanges fetched one at a time for the Inspector; the report exported as Markdown or JSON
// through the media store, and two reports compared cell by cell. No message carries a key or a whole body.
import { z } from 'zod'
import { defineCommand, defineEvent } from './define'
import { exchangeSchema } from './exchange'
import { checkCellSchema, CHECK_STATUSES, PAID_GROUPS, PROBE_GROUPS } from '../check/model'
import { draftSchema } from '../wire/draft'
import { WIRE_FORMATS } from '../format'
import { plannedWorkSchema } from '../cost/estimate'

export const CHECK_MODELS_MAX = 40
export const CHECK_CONCURRENCY_MAX = 8
/** Characters of a report file the renderer may hand over for a diff (well under the IPC bound). */
export const CHECK_REPORT_IMPORT_CHARS = 240_000

const checkId = z.string().regex(/^[\w-]{8,100}$/, 'checkId: 8-100 letters, digits, - or _')

export const plannedCellSchema = z.object({
  key: z.string(),
  probeId: z.string(),
  group: z.enum(PROBE_GROUPS),
  subject: z.string(),
  model: z.string(),
  format: z.string(),
  skip: z.string().nullable(),
})
export type PlannedCellView = z.infer<typeof plannedCellSchema>

export const checkSummarySchema = z.object({
  checkId: z.string(),
  profile: z.string(),
  baseUrl: z.string(),
  startedAt: z.number(),
  cells: z.number(),
  deviating: z.number(),
})
export type CheckSummary = z.infer<typeof checkSummarySchema>

export const cellChangeSchema = z.object({
  key: z.string(),
  subject: z.string(),
  probe: z.string(),
  before: z.enum(CHECK_STATUSES).nullable(),
  after: z.enum(CHECK_STATUSES).nullable(),
  added: z.array(z.string()),
  removed: z.array(z.string()),
})

const exportLink = z.object({ url: z.string(), name: z.string(), bytes: z.number() })

const models = z
  .array(
    z
      .string()
      .trim()
      .min(1, 'models: a model id cannot be empty')
      .max(200, 'models: at most 200 characters per id')
      .regex(/^\S+$/, 'models: a model id has no spaces'),
  )
  .max(CHECK_MODELS_MAX, `models: at most ${CHECK_MODELS_MAX}`)

export const checkCommands = {
  /** Plans and starts a check; answers the plan at once so the matrix can be laid out before cells arrive. */
  'check.start': defineCommand(
    z.object({
      checkId,
      profileId: z.string().min(1).max(100),
      models,
      include: z.array(z.enum(PAID_GROUPS)),
      concurrency: z
        .number()
        .int('concurrency: a whole number')
        .min(1, 'concurrency: at least 1')
        .max(CHECK_CONCURRENCY_MAX, `concurrency: at most ${CHECK_CONCURRENCY_MAX}`),
    }),
    z.object({ plan: z.array(plannedCellSchema) }),
  ),
  /** What a check of these models would bill (paid probes included when named), for the estimate before it starts. */
  'check.plannedWork': defineCommand(
    z.object({ profileId: z.string().min(1).max(100), models, include: z.array(z.enum(PAID_GROUPS)) }),
    plannedWorkSchema,
  ),
  /** Stops a check: probes in flight end as stopped, cells not started stay not run, finished cells are kept. */
  'check.stop': defineCommand(z.object({ checkId: z.string().max(100) }), z.object({ stopped: z.boolean() })),
  /** One recorded exchange of a cell, as the Inspector shows it (redacted and bounded). */
  'check.exchange': defineCommand(z.object({ exchangeId: z.string().min(1).max(100) }), exchangeSchema),
  /** The draft a text cell sent last, to save it as a case. */
  'check.cellDraft': defineCommand(
    z.object({ checkId: z.string().max(100), key: z.string().max(400) }),
    z.object({ format: z.enum(WIRE_FORMATS), draft: draftSchema }),
  ),
  /**
   * Runs one cell of a finished check again (once, never retried); its new verdict arrives as `check.cell` and
   * replaces the old one in the report. A paid cell (video, images) runs only with `paidConfirmed`.
   */
  'check.rerunCell': defineCommand(
    z.object({ checkId: z.string().max(100), key: z.string().max(400), paidConfirmed: z.boolean() }),
    z.object({ started: z.boolean() }),
  ),
  /** This session's finished checks, newest first. */
  'check.listReports': defineCommand(z.object({}), z.object({ reports: z.array(checkSummarySchema) })),
  /** Writes a finished check as a Markdown or JSON file and answers a link to it. */
  'check.exportReport': defineCommand(
    z.object({ checkId: z.string().max(100), format: z.enum(['markdown', 'json']) }),
    exportLink,
  ),
  /**
   * What changed from one report to another, cell by cell: `before` is a check of this session or the text of
   * an exported JSON report; the diff also comes as a Markdown file.
   */
  'check.diff': defineCommand(
    z
      .object({
        beforeId: z.string().max(100).optional(),
        beforeText: z
          .string()
          .max(CHECK_REPORT_IMPORT_CHARS, `report file: at most ${CHECK_REPORT_IMPORT_CHARS} characters`)
          .optional(),
        afterId: z.string().max(100),
      })
      .refine((v) => (v.beforeId === undefined) !== (v.beforeText === undefined), {
        message: 'before: choose one earlier check or one report file',
        path: ['beforeId'],
      }),
    z.object({ changes: z.array(cellChangeSchema), markdown: exportLink, before: checkSummarySchema }),
  ),
}

export const checkEvents = {
  'check.cell': defineEvent(z.object({ checkId: z.string(), cell: checkCellSchema })),
  'check.ended': defineEvent(
    z.object({
      checkId: z.string(),
      stopped: z.boolean(),
      /** Why the check could not run at all. */
      error: z.string().nullable(),
      durationMs: z.number(),
    }),
  ),
}
