// Eval runs on disk, so a run outlives the app: `<data>/evals/<evalId>/run.json` (what the run is and how it
// ended; written atomically at the start and the end), `plan.json` (the prompt, variants, graders and the dataset
// it ran over; written atomically once) and `cells.ndjson` (each finished cell, clipped as the panel shows it,
// appended as it finishes). A run whose run.json still says "running" when no run of this app is going was cut
// off (the app closed or was killed): it reads as incomplete and can be resumed from the cells not yet graded.
// Every file has a bound (past it a run's cells stop being written and run.json says so; a file past its bound
// is not read); runs past the kept count are removed, oldest first. Every file is read as hostile: checked
// against its schema, a torn or foreign line skipped.
import { createWriteStream, type WriteStream } from 'node:fs'
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { evalGraderSchema } from '../../../shared/evals/graders'
import { promptTemplateSchema, variantSchema, type EvalPlan } from '../../../shared/evals/plan'
import { evalCellViewSchema, evalRunStateSchema, type EvalCellView } from '../../../shared/ipc/evals'
import { writeFileAtomic } from '../atomicFile'
import { scrubForDisk } from '../diskRedaction'

/** Cell lines read back between two turns of main's loop. */
const LINES_A_TURN = 1000

export const EVALS_DIR = 'evals'
/** Runs kept on disk; the oldest not going are removed when a new one starts. */
export const EVAL_RUNS_KEPT = 20
const MAX_RUN_BYTES = 1024 * 1024
const MAX_PLAN_BYTES = 256 * 1024 * 1024
const MAX_CELLS_BYTES = 512 * 1024 * 1024
const RUN_ID = /^[\w-]{8,100}$/

export const runMetaSchema = z.object({
  evalId: z.string().regex(RUN_ID),
  name: z.string(),
  createdAt: z.number(),
  endedAt: z.number().nullable(),
  /** As written: "running" until the run ends in one of the others. */
  state: evalRunStateSchema,
  error: z.string().nullable(),
  columns: z.array(z.string()),
  rowCount: z.number(),
  size: z.number(),
  concurrency: z.number().int().min(1),
  /** The profile of a variant that names none. */
  profileId: z.string(),
  counts: z
    .object({ passed: z.number(), failed: z.number(), errored: z.number(), notRun: z.number() })
    .nullable(),
  /** True when the cells file reached its bound: cells past it were not kept. */
  cellsCut: z.boolean(),
})
export type RunMeta = z.infer<typeof runMetaSchema>

const storedPlanSchema = z.object({
  name: z.string(),
  prompts: z.array(promptTemplateSchema),
  variants: z.array(variantSchema),
  graders: z.array(evalGraderSchema),
  dataset: z.object({
    columns: z.array(z.string()),
    rows: z.array(
      z.object({
        cells: z.array(z.string()),
        graders: z.array(evalGraderSchema).optional(),
        description: z.string().optional(),
      }),
    ),
  }),
})

/** Reads a file of the run up to its bound; null when it is missing, too large or not a plain file. */
async function readBounded(path: string, max: number): Promise<string | null> {
  let handle
  try {
    handle = await open(path, 'r')
  } catch {
    return null
  }
  try {
    const stat = await handle.stat()
    if (!stat.isFile() || stat.size > max) return null
    return await handle.readFile('utf8')
  } finally {
    await handle.close()
  }
}

function parseJson(text: string | null): unknown {
  if (text === null) return null
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** Rows of the dataset a piece of plan.json carries; the event loop turns between pieces. */
const PLAN_ROWS_A_PIECE = 2000

/**
 * plan.json a piece at a time: the same JSON as one `JSON.stringify` of the plan's name, prompts, variants,
 * graders and dataset, but its rows written a few thousand at a time with a turn of the event loop between, so a
 * 100,000-row dataset never holds main for the whole of its text at an eval's start.
 */
async function* planPieces(plan: EvalPlan): AsyncIterable<string> {
  const { name, prompts, variants, graders, dataset } = plan
  const head = JSON.stringify({ name, prompts, variants, graders, dataset: { ...dataset, rows: undefined } })
  // head ends with the dataset's own closing braces: `…}}`; the rows go in before them.
  yield `${head.slice(0, -2)}${head.endsWith('{}}') ? '' : ','}"rows":[`
  for (let i = 0; i < dataset.rows.length; i += PLAN_ROWS_A_PIECE) {
    const piece = JSON.stringify(dataset.rows.slice(i, i + PLAN_ROWS_A_PIECE))
    yield `${i ? ',' : ''}${piece.slice(1, -1)}`
    await new Promise((resolve) => setImmediate(resolve))
  }
  yield ']}}'
}

export class EvalRunFiles {
  readonly root: string

  constructor(dataDir: string) {
    this.root = join(dataDir, EVALS_DIR)
  }

  private dir(evalId: string): string {
    if (!RUN_ID.test(evalId)) throw new Error(`evalId: not a run id`)
    return join(this.root, evalId)
  }

  /** Writes a new run's plan and meta, and removes the oldest runs past the kept count (never `going`). */
  async create(meta: RunMeta, plan: EvalPlan, going: ReadonlySet<string>): Promise<void> {
    const dir = this.dir(meta.evalId)
    await mkdir(dir, { recursive: true })
    await writeFileAtomic(join(dir, 'plan.json'), planPieces(plan))
    await this.writeMeta(meta)
    const all = await this.list()
    const old = all.filter((m) => m.evalId !== meta.evalId && !going.has(m.evalId)).slice(EVAL_RUNS_KEPT - 1)
    for (const m of old) await rm(this.dir(m.evalId), { recursive: true, force: true })
  }

  writeMeta(meta: RunMeta): Promise<void> {
    return writeFileAtomic(join(this.dir(meta.evalId), 'run.json'), JSON.stringify(meta))
  }

  async meta(evalId: string): Promise<RunMeta | null> {
    if (!RUN_ID.test(evalId)) return null
    const parsed = runMetaSchema.safeParse(
      parseJson(await readBounded(join(this.dir(evalId), 'run.json'), MAX_RUN_BYTES)),
    )
    return parsed.success && parsed.data.evalId === evalId ? parsed.data : null
  }

  /** Every run kept whose meta reads, newest first. */
  async list(): Promise<RunMeta[]> {
    let names: string[]
    try {
      names = await readdir(this.root)
    } catch {
      return []
    }
    const metas = await Promise.all(names.filter((n) => RUN_ID.test(n)).map((n) => this.meta(n)))
    return metas.filter((m): m is RunMeta => m !== null).sort((a, b) => b.createdAt - a.createdAt)
  }

  async plan(evalId: string): Promise<EvalPlan | null> {
    const parsed = storedPlanSchema.safeParse(
      parseJson(await readBounded(join(this.dir(evalId), 'plan.json'), MAX_PLAN_BYTES)),
    )
    if (!parsed.success) return null
    return { ...parsed.data, unmapped: [], problems: [] }
  }

  /** The run's cells as kept (read a slice of lines per turn of main's loop), the last written for a cell winning (a resumed cell replaces its earlier end). */
  async cells(evalId: string, size: number): Promise<EvalCellView[]> {
    const text = await readBounded(join(this.dir(evalId), 'cells.ndjson'), MAX_CELLS_BYTES)
    const byKey = new Map<number, EvalCellView>()
    if (text === null) return []
    const lines = text.split('\n')
    for (let i = 0; i < lines.length; i++) {
      // 10,000 rows × 2 read back without holding main's loop: it turns every so many lines.
      if (i > 0 && i % LINES_A_TURN === 0) await new Promise((r) => setImmediate(r))
      const line = lines[i]!
      const parsed = evalCellViewSchema.safeParse(parseJson(line))
      if (!parsed.success) continue
      const c = parsed.data
      const key = c.row * 65_536 + c.column
      if (c.row < 0 || c.column < 0 || c.column >= 65_536 || key >= size * 65_536) continue
      byKey.set(key, c)
    }
    return [...byKey.values()].sort((a, b) => a.row - b.row || a.column - b.column)
  }

  /** An appender for the run's cells; `full` once the bound is reached (nothing more is written). */
  async cellWriter(evalId: string): Promise<CellWriter> {
    const path = join(this.dir(evalId), 'cells.ndjson')
    const size = await stat(path).then(
      (s) => s.size,
      () => 0,
    )
    return new CellWriter(path, size)
  }
}

export class CellWriter {
  private readonly stream: WriteStream
  full = false

  constructor(
    path: string,
    private bytes: number,
  ) {
    this.stream = createWriteStream(path, { flags: 'a', mode: 0o600 })
    this.stream.on('error', () => (this.full = true))
  }

  append(cell: EvalCellView): void {
    if (this.full) return
    // A line starts on a line of its own even after a torn write by an earlier, killed run.
    const line = `\n${scrubForDisk(JSON.stringify(cell))}`
    const size = Buffer.byteLength(line)
    if (this.bytes + size > MAX_CELLS_BYTES) {
      this.full = true
      return
    }
    this.bytes += size
    this.stream.write(line)
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.stream.end(() => resolve()))
  }
}
