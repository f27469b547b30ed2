// Datasets on disk, so a dataset imported or edited outlives a reload and a restart: `<data>/eval-datasets/<id>.ndjson`,
// a head line (name, columns, what the import left out) then a line per row. A file is written whole and
// atomically, its rows a chunk at a time with a turn of the event loop between (a 100,000-row dataset never
// blocks main), a moment after the last edit (never on the typing path), one write per dataset at a time (an edit
// during a write writes again after it). Bounded: the newest few datasets are kept, a file past its bound is
// neither written nor read. Every file is read as hostile: the head checked against its schema, a row that does
// not read skipped.
import { createReadStream } from 'node:fs'
import { readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { z } from 'zod'
import { DATASET_MAX_COLUMNS, DATASET_MAX_ROWS, type DatasetRow } from '../../../shared/evals/dataset'
import { evalGraderSchema } from '../../../shared/evals/graders'
import { rowProblemSchema } from '../../../shared/ipc/evals'
import { writeFileAtomic } from '../atomicFile'
import type { KeptDataset } from './datasetRows'

export const DATASETS_DIR = 'eval-datasets'
/** Datasets kept on disk; the least recently written go first. */
export const DATASETS_ON_DISK = 8
/** A dataset file's bound (a dataset holds at most 64 M characters; JSON escapes and UTF-8 make room for them). */
const MAX_DATASET_FILE_BYTES = 512 * 1024 * 1024
/** Rows written between two turns of the event loop. */
const ROWS_A_CHUNK = 2000
/** How long an edit waits for the next before the dataset is written. */
const EDIT_WRITE_DELAY_MS = 1000
export const DATASET_ID = /^ds-[\w-]{1,80}$/

const headSchema = z.object({
  v: z.literal(1),
  name: z.string().max(1000),
  columns: z.array(z.string().max(200)).min(1).max(DATASET_MAX_COLUMNS),
  problems: z.array(rowProblemSchema).max(1000),
  problemCount: z.number().int().min(0),
  unmapped: z.array(z.string()).max(1000),
})
export type DatasetHead = Omit<z.infer<typeof headSchema>, 'v'>

/** A dataset's file text, a piece at a time, yielding to the event loop between chunks of rows. */
async function* datasetPieces(head: DatasetHead, rows: readonly DatasetRow[]): AsyncIterable<string> {
  yield JSON.stringify({ v: 1, ...head })
  for (let i = 0; i < rows.length; i += ROWS_A_CHUNK) {
    let piece = ''
    for (const row of rows.slice(i, i + ROWS_A_CHUNK))
      piece += `\n${JSON.stringify({ c: row.cells, ...(row.graders ? { g: row.graders } : {}), ...(row.description ? { d: row.description } : {}) })}`
    yield piece
    await new Promise((resolve) => setImmediate(resolve))
  }
  yield '\n'
}

/** One row line read back, or null when it does not read as a row of `columns` columns. */
function rowOf(line: string, columns: number): DatasetRow | null {
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch {
    return null
  }
  if (value === null || typeof value !== 'object') return null
  const { c, g, d } = value as { c?: unknown; g?: unknown; d?: unknown }
  if (!Array.isArray(c) || c.length > columns || !c.every((x) => typeof x === 'string')) return null
  const row: DatasetRow = {
    cells: Array.from({ length: columns }, (_, i) => (c[i] as string | undefined) ?? ''),
  }
  if (g !== undefined) {
    const graders = z.array(evalGraderSchema).safeParse(g)
    if (!graders.success) return null
    if (graders.data.length) row.graders = graders.data
  }
  if (typeof d === 'string' && d) row.description = d.slice(0, 500)
  return row
}

interface Writing {
  kept: KeptDataset
  timer: NodeJS.Timeout | null
  going: Promise<void> | null
  again: boolean
}

export class DatasetFiles {
  readonly root: string
  private readonly writing = new Map<string, Writing>()

  constructor(
    dataDir: string,
    private readonly log: (message: string) => void = () => undefined,
  ) {
    this.root = join(dataDir, DATASETS_DIR)
  }

  private path(datasetId: string): string {
    if (!DATASET_ID.test(datasetId)) throw new Error('datasetId: not a dataset id')
    return join(this.root, `${datasetId}.ndjson`)
  }

  /** Writes the dataset now (a new one) or a moment after the last edit (`soon`), as it stands then. */
  save(datasetId: string, kept: KeptDataset, soon = false): void {
    const w = this.writing.get(datasetId) ?? { kept, timer: null, going: null, again: false }
    w.kept = kept
    this.writing.set(datasetId, w)
    if (w.timer) clearTimeout(w.timer)
    w.timer = null
    if (soon) {
      w.timer = setTimeout(() => this.write(datasetId, w), EDIT_WRITE_DELAY_MS)
      w.timer.unref?.()
    } else this.write(datasetId, w)
  }

  private write(datasetId: string, w: Writing): void {
    w.timer = null
    if (w.going) {
      w.again = true
      return
    }
    const { kept } = w
    const { name, problems, problemCount, unmapped } = kept
    // The rows as they are now: rows are replaced, never changed in place, so edits from here on are not in it.
    const rows = kept.dataset.rows.slice()
    const head = { name, columns: [...kept.dataset.columns], problems, problemCount, unmapped }
    w.going = writeFileAtomic(this.path(datasetId), datasetPieces(head, rows))
      .then(() => this.prune(datasetId))
      .catch((error: unknown) =>
        this.log(
          `could not keep the dataset ${name}: ${error instanceof Error ? error.message : String(error)}`,
        ),
      )
      .then(() => {
        w.going = null
        if (w.again) {
          w.again = false
          this.write(datasetId, w)
        } else if (!w.timer) this.writing.delete(datasetId)
      })
  }

  /** Removes the datasets past the kept count, least recently written first (never `keep`). */
  private async prune(keep: string): Promise<void> {
    const names = (await readdir(this.root).catch(() => [] as string[])).filter((n) => n.endsWith('.ndjson'))
    if (names.length <= DATASETS_ON_DISK) return
    const dated = await Promise.all(
      names.map(async (n) => ({
        n,
        at: await stat(join(this.root, n)).then(
          (s) => s.mtimeMs,
          () => 0,
        ),
      })),
    )
    dated.sort((a, b) => b.at - a.at)
    for (const { n } of dated.slice(DATASETS_ON_DISK))
      if (n !== `${keep}.ndjson` && !this.writing.has(n.slice(0, -'.ndjson'.length)))
        await rm(join(this.root, n), { force: true })
  }

  /** Writes every pending change now (the app closing); resolves once the files hold them. */
  async flush(): Promise<void> {
    for (let round = 0; round < 3 && this.writing.size; round++) {
      for (const [id, w] of this.writing) if (w.timer) this.write(id, w)
      await Promise.all([...this.writing.values()].map((w) => w.going))
    }
  }

  /** A dataset read back from its file; null when there is none, or it is past its bound or does not read. */
  async read(datasetId: string): Promise<{ head: DatasetHead; rows: DatasetRow[] } | null> {
    if (!DATASET_ID.test(datasetId)) return null
    const path = this.path(datasetId)
    const size = await stat(path).then(
      (s) => (s.isFile() ? s.size : -1),
      () => -1,
    )
    if (size < 0 || size > MAX_DATASET_FILE_BYTES) return null
    const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity })
    let head: DatasetHead | null = null
    const rows: DatasetRow[] = []
    try {
      for await (const line of lines) {
        if (!head) {
          let parsed: unknown
          try {
            parsed = JSON.parse(line)
          } catch {
            return null
          }
          const checked = headSchema.safeParse(parsed)
          if (!checked.success) return null
          const { v: _v, ...rest } = checked.data
          head = rest
          continue
        }
        if (!line || rows.length >= DATASET_MAX_ROWS) continue
        const row = rowOf(line, head.columns.length)
        if (row) rows.push(row)
      }
    } catch {
      return null
    } finally {
      lines.close()
    }
    return head && rows.length ? { head, rows } : null
  }
}
