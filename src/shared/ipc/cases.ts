// The cases domain: suites of saved cases kept in main's history database, a case saved from any finished text
// run, suites imported and exported as JSON files, and a suite run as a matrix against chosen targets. The
// matrix's cells arrive as events keyed by matrix id, each as it finishes, then exactly one `cases.matrixEnded`.
// Lists carry case summaries, never drafts, so no message nears the 256 KB IPC bound (M1).
import { z } from 'zod'
import { defineCommand, defineEvent } from './define'
import { billedCostSchema } from '../cost/billed'
import { plannedWorkSchema } from '../cost/estimate'
import {
  assertionSchema,
  caseSchema,
  caseToolRoundSchema,
  nameSchema,
  targetSchema,
} from '../cases/caseModel'

/** Characters of a suite file the renderer may hand over for import (well under the IPC bound). */
export const SUITE_IMPORT_CHARS = 180_000
export const MATRIX_TARGETS_MAX = 16
export const MATRIX_CONCURRENCY_MAX = 8

const id = z.string().min(1).max(100)
const suiteName = nameSchema('suite')

export const caseSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  model: z.string(),
  /** The start of the last user turn. */
  prompt: z.string(),
  assertions: z.array(assertionSchema),
  /** The tool round the case needs, naming its tool server. */
  toolRound: caseToolRoundSchema.optional(),
})
export type CaseSummary = z.infer<typeof caseSummarySchema>

export const suiteSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  cases: z.array(caseSummarySchema),
})
export type SuiteSummary = z.infer<typeof suiteSummarySchema>

export const assertionResultSchema = z.object({
  assertion: assertionSchema,
  pass: z.boolean(),
  message: z.string(),
})

export const CELL_STATUSES = ['pass', 'fail', 'error', 'stopped'] as const
export const matrixCellSchema = z.object({
  caseIndex: z.number(),
  targetIndex: z.number(),
  status: z.enum(CELL_STATUSES),
  /** The run in the history; null for a cell that never ran. */
  runId: z.string().nullable(),
  results: z.array(assertionResultSchema),
  error: z.string().nullable(),
  totalMs: z.number().nullable(),
  answer: z.string(),
  /**
   * What the cell's run cost, priced in main from its reported usage (an estimate says so), or why it is not
   * known (no price, usage not reported, failed before billing); null: it never ran.
   */
  cost: billedCostSchema.nullable(),
})
export type MatrixCellView = z.infer<typeof matrixCellSchema>

/** A case as the user saves it; main gives it its id. */
export const newCaseSchema = caseSchema.omit({ id: true })

export const casesCommands = {
  'cases.listSuites': defineCommand(z.object({}), z.object({ suites: z.array(suiteSummarySchema) })),
  'cases.createSuite': defineCommand(z.object({ name: suiteName }), suiteSummarySchema),
  'cases.renameSuite': defineCommand(z.object({ id, name: suiteName }), suiteSummarySchema),
  'cases.deleteSuite': defineCommand(z.object({ id }), z.object({ deleted: z.boolean() })),
  /** Adds a case to a suite (to a new suite named `newSuiteName` when `suiteId` is not given). */
  'cases.addCase': defineCommand(
    z
      .object({
        suiteId: id.optional(),
        newSuiteName: suiteName.optional(),
        case: newCaseSchema,
      })
      .refine((v) => v.suiteId !== undefined || v.newSuiteName !== undefined, {
        message: 'suite: choose a suite or name a new one',
        path: ['suiteId'],
      }),
    suiteSummarySchema,
  ),
  'cases.removeCase': defineCommand(z.object({ suiteId: id, caseId: id }), suiteSummarySchema),
  /** Reads a suite file's text (`{ version: 1, suite }`) into a new suite; a bad file names field and rule. */
  'cases.importSuite': defineCommand(
    z.object({ text: z.string().max(SUITE_IMPORT_CHARS, 'file: at most 180,000 characters') }),
    suiteSummarySchema,
  ),
  /** Writes a suite as a JSON file and answers a link to it. */
  'cases.exportSuite': defineCommand(
    z.object({ id }),
    z.object({ url: z.string(), name: z.string(), bytes: z.number() }),
  ),
  /**
   * Starts a suite against targets under the caller's matrix id (so cells that arrive before the answer still
   * find it); cells arrive as `cases.matrixCell` events, then one `cases.matrixEnded`.
   */
  'cases.startMatrix': defineCommand(
    z.object({
      matrixId: z.string().regex(/^[\w-]{8,100}$/, 'matrixId: 8-100 letters, digits, - or _'),
      suiteId: id,
      targets: z
        .array(targetSchema)
        .min(1, 'targets: add at least one target')
        .max(MATRIX_TARGETS_MAX, `targets: at most ${MATRIX_TARGETS_MAX}`),
      concurrency: z
        .number()
        .int('concurrency: a whole number')
        .min(1, 'concurrency: at least 1')
        .max(MATRIX_CONCURRENCY_MAX, `concurrency: at most ${MATRIX_CONCURRENCY_MAX}`),
    }),
    z.object({ cells: z.number() }),
  ),
  /** What a run of the suite against these targets would bill, for the cost estimate before it starts. */
  'cases.plannedWork': defineCommand(
    z.object({
      suiteId: id,
      targets: z
        .array(targetSchema)
        .min(1, 'targets: add at least one target')
        .max(MATRIX_TARGETS_MAX, `targets: at most ${MATRIX_TARGETS_MAX}`),
    }),
    plannedWorkSchema,
  ),
  /** Stops a matrix: runs in flight end as stopped, cells not started stay "not run", finished cells are kept. */
  'cases.stopMatrix': defineCommand(z.object({ matrixId: id }), z.object({ stopped: z.boolean() })),
}

export const casesEvents = {
  'cases.matrixCell': defineEvent(z.object({ matrixId: z.string(), cell: matrixCellSchema })),
  'cases.matrixEnded': defineEvent(
    z.object({
      matrixId: z.string(),
      stopped: z.boolean(),
      passed: z.number(),
      failed: z.number(),
      notRun: z.number(),
      /** Why the matrix could not run at all (the history is not available). */
      error: z.string().nullable(),
    }),
  ),
}
