// The evals domain: a dataset file (brought into main's media store in chunks) read into a dataset main keeps,
// its rows paged to the panel; an eval (one prompt with `{{variables}}` × variants of format, model and profile,
// graders) run over it, its cells arriving as `evals.cell` events keyed by eval id, then exactly one
// `evals.ended`; a run's cells exported as CSV or JSON. Every message is bounded well under the IPC bound (M1):
// rows and answers travel clipped, whole answers are in History.
import { z } from 'zod'
import { defineCommand, defineEvent } from './define'
import { WIRE_FORMATS } from '../format'
import { evalGraderSchema } from '../evals/graders'

export const EVAL_VARIANTS_MAX = 16
export const EVAL_CONCURRENCY_MAX = 32
export const EVAL_GRADERS_MAX = 50
/** Files one suite import reads at most (a promptfoo config and the prompt and test files it names). */
export const SUITE_FILES_MAX = 20
/** Characters a dataset cell edited in the table may hold. */
export const DATASET_CELL_MAX_CHARS = 1_000_000
/** Rows one `evals.rows` call answers at most. */
export const EVAL_ROWS_PAGE_MAX = 200
/** Characters of a cell's text (a dataset cell, an answer, a grade's message) one message carries. */
export const EVAL_TEXT_CHARS = 2000

const id = z.string().min(1).max(100)
const clientId = z.string().regex(/^[\w-]{8,100}$/, 'evalId: 8-100 letters, digits, - or _')

export const rowProblemSchema = z.object({
  line: z.number(),
  field: z.string().nullable(),
  message: z.string(),
  /** Where, when it is not a line of the dataset file (a promptfoo test or assert, an eval's graders file). */
  where: z.string().optional(),
})

export const datasetInfoSchema = z.object({
  datasetId: z.string(),
  name: z.string(),
  columns: z.array(z.string()),
  rowCount: z.number(),
  /** The first problems (a row left out or a value changed), by line and field. */
  problems: z.array(rowProblemSchema),
  problemCount: z.number(),
  unmapped: z.array(z.string()),
})
export type DatasetInfo = z.infer<typeof datasetInfoSchema>

export const datasetRowViewSchema = z.object({
  /** The row's place in the dataset (0-based), also when the rows shown are a search's. */
  index: z.number(),
  cells: z.array(z.string()),
  /** Columns whose text was clipped to what a message carries (too long to edit in the table). */
  clipped: z.array(z.number()),
  description: z.string().nullable(),
  /** How many graders the row brings of its own. */
  graders: z.number(),
})
export type DatasetRowView = z.infer<typeof datasetRowViewSchema>

export const evalVariantInputSchema = z.object({
  label: z.string().max(200),
  format: z.enum(WIRE_FORMATS),
  model: z.string().trim().min(1, 'model: write a model id').max(200),
  profileId: id,
  temperature: z.number().min(0, 'temperature: from 0 to 2').max(2, 'temperature: from 0 to 2').optional(),
  /** Messages needs one; the others send it when given. */
  maxTokens: z
    .number()
    .int('max tokens: a whole number')
    .min(1, 'max tokens: at least 1')
    .max(1_000_000)
    .optional(),
})

export const gradeViewSchema = z.object({
  kind: z.string(),
  pass: z.boolean(),
  score: z.number(),
  message: z.string(),
  runId: z.string().optional(),
})

export const evalCellViewSchema = z.object({
  row: z.number(),
  column: z.number(),
  status: z.enum(['pass', 'fail', 'error', 'stopped']),
  score: z.number().nullable(),
  runId: z.string().nullable(),
  answer: z.string(),
  grades: z.array(gradeViewSchema),
  error: z.string().nullable(),
  ttftMs: z.number().nullable(),
  totalMs: z.number().nullable(),
  costMicros: z.number().nullable(),
  currency: z.string().nullable(),
  gradingMicros: z.number(),
})
export type EvalCellView = z.infer<typeof evalCellViewSchema>

/** Rows of the results one `evals.cells` call asks for at most (main answers fewer when their cells are long). */
export const EVAL_CELLS_ROWS_MAX = 200

const percentilesSchema = z.object({ p50: z.number().nullable(), p95: z.number().nullable() })
/** A results column's figures over all its cells, computed in main (summary.ts). */
export const columnSummarySchema = z.object({
  passed: z.number(),
  failed: z.number(),
  errored: z.number(),
  counted: z.number(),
  rate: z.number().nullable(),
  interval: z.object({ low: z.number(), high: z.number() }).nullable(),
  meanScore: z.number().nullable(),
  cost: z.object({ micros: z.number(), currency: z.string() }).nullable(),
  gradingMicros: z.number(),
  ttft: percentilesSchema,
  total: percentilesSchema,
})

/** How a kept run stands: "incomplete" when the app closed or stopped while it was going. */
export const evalRunStateSchema = z.enum(['running', 'done', 'stopped', 'failed', 'incomplete'])

export const evalRunInfoSchema = z.object({
  evalId: z.string(),
  name: z.string(),
  createdAt: z.number(),
  state: evalRunStateSchema,
  error: z.string().nullable(),
  columns: z.array(z.string()),
  rowCount: z.number(),
  size: z.number(),
  /** Cells with a verdict (pass or fail), the ones a resume does not run again. */
  graded: z.number(),
  counts: z
    .object({ passed: z.number(), failed: z.number(), errored: z.number(), notRun: z.number() })
    .nullable(),
  cellsCut: z.boolean(),
})
export type EvalRunInfo = z.infer<typeof evalRunInfoSchema>

export const evalsCommands = {
  /** Reads an imported file (CSV, JSONL or JSON, by its name) into a dataset main keeps. */
  'evals.openDataset': defineCommand(
    z.object({ mediaId: id, fileName: z.string().min(1).max(255) }),
    datasetInfoSchema,
  ),
  /**
   * Reads a suite from another tool into a dataset main keeps (every row carrying the suite's graders) and the
   * prompt and variants it names: a promptfoo config picked with the files it names, or an OpenAI Evals dataset
   * with its eval's graders file.
   */
  'evals.importSuite': defineCommand(
    z.object({
      kind: z.enum(['promptfoo', 'openai']),
      files: z
        .array(z.object({ mediaId: id, fileName: z.string().min(1).max(255) }))
        .min(1, 'files: pick the config or dataset')
        .max(SUITE_FILES_MAX, `files: at most ${SUITE_FILES_MAX}`),
    }),
    z.object({
      dataset: datasetInfoSchema,
      system: z.string(),
      user: z.string(),
      variants: z.array(
        z.object({
          format: z.enum(WIRE_FORMATS),
          model: z.string(),
          temperature: z.number().optional(),
          maxTokens: z.number().optional(),
        }),
      ),
      suiteGraders: z.number(),
    }),
  ),
  /**
   * A dataset kept earlier, as the panel shows it (after a reload or a restart: main keeps each dataset it read
   * or edited on disk, the newest few). Refused when it is no longer kept.
   */
  'evals.reopenDataset': defineCommand(z.object({ datasetId: id }), datasetInfoSchema),
  /** A page of the dataset's rows; with `query`, of the rows with a cell containing it (any case). */
  'evals.rows': defineCommand(
    z.object({
      datasetId: id,
      offset: z.number().int().min(0),
      limit: z.number().int().min(1).max(EVAL_ROWS_PAGE_MAX),
      query: z.string().max(1000).optional(),
    }),
    z.object({ rows: z.array(datasetRowViewSchema), total: z.number(), rowCount: z.number() }),
  ),
  /**
   * One edit of a dataset main keeps: a cell's text, a blank row inserted, rows deleted. Answers the row count.
   * A run already started keeps the rows it started with.
   */
  'evals.editRows': defineCommand(
    z.object({
      datasetId: id,
      edit: z.discriminatedUnion('kind', [
        z.object({
          kind: z.literal('set'),
          index: z.number().int().min(0),
          column: z.number().int().min(0),
          value: z.string().max(DATASET_CELL_MAX_CHARS, 'a cell holds at most 1,000,000 characters'),
        }),
        z.object({ kind: z.literal('insert'), at: z.number().int().min(0) }),
        z.object({
          kind: z.literal('delete'),
          indexes: z.array(z.number().int().min(0)).min(1).max(10_000),
        }),
      ]),
    }),
    z.object({ rowCount: z.number() }),
  ),
  /**
   * A column of a dataset main keeps added (empty in every row), renamed or deleted, or the last delete undone
   * (until the next edit). A name must be a `{{variable}}` name, unique. A run already started keeps its columns.
   */
  'evals.editColumns': defineCommand(
    z.object({
      datasetId: id,
      edit: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('add'), name: z.string().max(1000) }),
        z.object({ kind: z.literal('rename'), column: z.number().int().min(0), name: z.string().max(1000) }),
        z.object({ kind: z.literal('delete'), column: z.number().int().min(0) }),
        z.object({ kind: z.literal('undoDelete') }),
      ]),
    }),
    z.object({
      columns: z.array(z.string()),
      rowCount: z.number(),
      deleted: z.object({ name: z.string(), column: z.number() }).nullable(),
    }),
  ),
  /**
   * Writes the dataset as the table shows it (edits included) as CSV (RFC 4180, a header row) or JSONL, which the
   * dataset import reads back to the same rows; saved through the desktop's dialog or offered as a download link.
   * The file is written in main a chunk at a time: it never crosses IPC.
   */
  'evals.exportDataset': defineCommand(
    z.object({ datasetId: id, format: z.enum(['csv', 'jsonl']) }),
    z.object({
      saved: z.boolean(),
      path: z.string().nullable(),
      url: z.string().nullable(),
      name: z.string(),
      rows: z.number(),
      /** Rows whose own graders (from a suite) are not in the file. */
      gradersLeftOut: z.number(),
    }),
  ),
  /**
   * Starts an eval under the caller's id (so cells that arrive before the answer still find it): every row of
   * the dataset through every variant, graded by `graders` and the row's own.
   */
  'evals.start': defineCommand(
    z.object({
      evalId: clientId,
      datasetId: id,
      system: z.string().max(200_000),
      user: z.string().min(1, 'prompt: write the user message').max(200_000),
      variants: z
        .array(evalVariantInputSchema)
        .min(1, 'variants: add at least one')
        .max(EVAL_VARIANTS_MAX, `variants: at most ${EVAL_VARIANTS_MAX}`),
      graders: z.array(evalGraderSchema).max(EVAL_GRADERS_MAX, `graders: at most ${EVAL_GRADERS_MAX}`),
      concurrency: z
        .number()
        .int('concurrency: a whole number')
        .min(1, 'concurrency: at least 1')
        .max(EVAL_CONCURRENCY_MAX, `concurrency: at most ${EVAL_CONCURRENCY_MAX}`),
    }),
    z.object({ cells: z.number(), columns: z.array(z.string()) }),
  ),
  /** The runs kept on disk (newest first): each one's state, columns and counts. */
  'evals.runs': defineCommand(z.object({}), z.object({ runs: z.array(evalRunInfoSchema) })),
  /** Opens a kept run: its state and the dataset it ran over (kept again, so its rows page as an import's). */
  'evals.openRun': defineCommand(
    z.object({ evalId: id }),
    z.object({
      run: evalRunInfoSchema,
      dataset: datasetInfoSchema,
      /** What the run ran, for the form: its first prompt, its variants and the graders on every row. */
      setup: z.object({
        system: z.string(),
        user: z.string(),
        variants: z.array(evalVariantInputSchema.extend({ model: z.string() })),
        graders: z.array(evalGraderSchema),
        concurrency: z.number(),
      }),
    }),
  ),
  /**
   * A window of a run's rows (its cells by row then column, a cell not run yet left out) with every column's
   * figures, so the results open and scroll without all cells crossing over.
   */
  'evals.cells': defineCommand(
    z.object({
      evalId: id,
      rowOffset: z.number().int().min(0),
      rowLimit: z.number().int().min(1).max(EVAL_CELLS_ROWS_MAX),
    }),
    z.object({
      cells: z.array(evalCellViewSchema),
      /** Rows answered from `rowOffset` on (fewer than asked when their cells are long): ask again from the next. */
      rows: z.number(),
      /** Cells the run keeps in all. */
      total: z.number(),
      /** Each column's figures over all its cells. */
      summaries: z.array(columnSummarySchema),
    }),
  ),
  /**
   * Goes on with a stopped or incomplete run: the cells without a verdict (not run, stopped or a run error)
   * run again, the graded ones are kept; its cells arrive as the start's do.
   */
  'evals.resume': defineCommand(
    z.object({ evalId: id }),
    z.object({ cells: z.number(), columns: z.array(z.string()), graded: z.number() }),
  ),
  /**
   * Two kept runs over the same dataset compared cell by cell (columns matched by label): the counts of
   * regressions, fixes, other changes and cells the same, and the changed cells first (at most 1,000 listed).
   */
  'evals.diff': defineCommand(
    z.object({ before: id, after: id }),
    z.object({
      columns: z.array(z.string()),
      unmatched: z.array(z.string()),
      counts: z.object({ regression: z.number(), fix: z.number(), changed: z.number(), same: z.number() }),
      rows: z.array(
        z.object({
          row: z.number(),
          /** The row named by its first values. */
          name: z.string(),
          column: z.string(),
          before: z.string(),
          after: z.string(),
          kind: z.enum(['regression', 'fix', 'changed', 'same']),
        }),
      ),
    }),
  ),
  /** Stops an eval: runs in flight end as stopped, cells not started stay not run, finished cells are kept. */
  'evals.stop': defineCommand(z.object({ evalId: id }), z.object({ stopped: z.boolean() })),
  /** Writes an eval's cells (with the dataset's variables and each column's figures) as a file; a link to it. */
  'evals.export': defineCommand(
    z.object({ evalId: id, format: z.enum(['csv', 'json', 'html']) }),
    z.object({ url: z.string(), name: z.string(), bytes: z.number() }),
  ),
}

export const evalsEvents = {
  'evals.cell': defineEvent(z.object({ evalId: z.string(), cell: evalCellViewSchema })),
  'evals.ended': defineEvent(
    z.object({
      evalId: z.string(),
      stopped: z.boolean(),
      passed: z.number(),
      failed: z.number(),
      errored: z.number(),
      notRun: z.number(),
      /** Why the eval could not run at all. */
      error: z.string().nullable(),
    }),
  ),
}
