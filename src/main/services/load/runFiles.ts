// A load test run on disk, written as requests end so memory stays bounded however many are sent:
// `<dir>/report.json` (the plan and the figures; written at the start, as levels end and at the end, atomically),
// `requests.ndjson` (each request's full record: every output frame's time), `exchanges.ndjson` (each request's
// exchange, bounded as the Inspector shows it) and `points.ndjson` (each request's point with the byte ranges of
// its record and exchange, read back to reopen the run). Each file has a size bound; past it the file stops
// growing and the report says so. Runs past the kept count are removed, oldest first.
// The lines are handed to the files in large pieces, not one write per request: each write wakes a thread of the
// pool, which on a busy machine takes the CPU from the requests being timed. The bytes are the same.
import { createWriteStream, type WriteStream } from 'node:fs'
import { mkdir, open, readdir, readFile, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { ExchangeRecorder } from '../exchangeRecorder'
import type { RecordedRequest } from '../../../shared/load/metrics'
import type { RequestPoint } from '../../../shared/load/points'
import { readLoadReport, type LoadReport } from '../../../shared/load/report'
import { writeFileAtomic } from '../atomicFile'

export const LOAD_DIR = 'load-tests'
/** Runs kept on disk; older ones are removed when a new one starts. */
export const KEPT_RUNS = 40
const MAX_REQUESTS_BYTES = 512 * 1024 * 1024
const MAX_EXCHANGES_BYTES = 512 * 1024 * 1024
const MAX_POINTS_BYTES = 64 * 1024 * 1024
/** Output frame times kept per request record. */
const MAX_FRAME_TIMES = 20_000

type Range = [number, number] | null

/** Serialised lines are handed to the file once this many bytes wait, or after HAND_OFF_MS. */
const HAND_OFF_BYTES = 256 * 1024
const HAND_OFF_MS = 250

/** A point on disk: the point, then where its record and exchange are. */
type StoredPoint = [...RequestPoint, number, number, number, number]

class Appender {
  private readonly stream: WriteStream
  /** Lines appended and not yet handed to the stream (written together by `write`). */
  private pending: string[] = []
  private pendingBytes = 0
  bytes = 0
  full = false

  constructor(
    path: string,
    private readonly max: number,
  ) {
    this.stream = createWriteStream(path, { flags: 'a' })
    this.stream.on('error', () => (this.full = true))
  }

  append(line: string): Range {
    if (this.full) return null
    const size = Buffer.byteLength(line) + 1
    if (this.bytes + size > this.max) {
      this.full = true
      return null
    }
    const at = this.bytes
    this.pending.push(line)
    this.pendingBytes += size
    this.bytes += size
    return [at, size - 1]
  }

  get waiting(): boolean {
    return this.pending.length > 0
  }

  /** Hands the lines appended since the last call to the file, in one write (`whenLarge`: only past a size). */
  write(whenLarge = false): void {
    if (this.pending.length === 0 || (whenLarge && this.pendingBytes < HAND_OFF_BYTES)) return
    this.stream.write(`${this.pending.join('\n')}\n`)
    this.pending = []
    this.pendingBytes = 0
  }

  /** Resolves once everything appended so far is in the file. */
  flushed(): Promise<void> {
    this.write()
    return new Promise((resolve) => this.stream.write('', () => resolve()))
  }

  close(): Promise<void> {
    this.write()
    return new Promise((resolve) => this.stream.end(() => resolve()))
  }
}

const round2 = (v: number) => Math.round(v * 100) / 100

export class RunWriter {
  private readonly requests: Appender
  private readonly exchanges: Appender
  private readonly points: Appender
  private readonly files: Appender[]
  private handOff: NodeJS.Timeout | null = null

  private constructor(readonly dir: string) {
    this.requests = new Appender(join(dir, 'requests.ndjson'), MAX_REQUESTS_BYTES)
    this.exchanges = new Appender(join(dir, 'exchanges.ndjson'), MAX_EXCHANGES_BYTES)
    this.points = new Appender(join(dir, 'points.ndjson'), MAX_POINTS_BYTES)
    this.files = [this.exchanges, this.requests, this.points]
  }

  static async create(root: string, runId: string): Promise<RunWriter> {
    const dir = join(root, runId)
    await mkdir(dir, { recursive: true })
    return new RunWriter(dir)
  }

  /**
   * Adds one ended request (its record, point and finished exchange): serialised now, handed to the files within
   * HAND_OFF_MS (or at once once HAND_OFF_BYTES wait, or on `flushed` and `close`).
   */
  add(record: RecordedRequest, point: RequestPoint, exchange: ExchangeRecorder | null): void {
    const ex = exchange ? this.exchanges.append(JSON.stringify(exchange.snapshot())) : null
    const kept = {
      ...record,
      contentAt: record.contentAt.slice(0, MAX_FRAME_TIMES).map(round2),
      contentTokens: record.contentTokens.slice(0, MAX_FRAME_TIMES),
    }
    const req = this.requests.append(JSON.stringify(kept))
    const stored: StoredPoint = [...point, ...(req ?? [-1, 0]), ...(ex ?? [-1, 0])] as StoredPoint
    this.points.append(JSON.stringify(stored))
    for (const file of this.files) file.write(true)
    if (!this.handOff && this.files.some((f) => f.waiting)) {
      this.handOff = setTimeout(() => this.write(), HAND_OFF_MS)
      this.handOff.unref()
    }
  }

  /** Hands every line waiting to its file. */
  private write(): void {
    if (this.handOff) clearTimeout(this.handOff)
    this.handOff = null
    for (const file of this.files) file.write()
  }

  /** Whether any file reached its bound (the report says what was not kept). */
  get truncated(): boolean {
    return this.requests.full || this.exchanges.full || this.points.full
  }

  async writeReport(report: LoadReport): Promise<void> {
    await writeFileAtomic(join(this.dir, 'report.json'), `${JSON.stringify(report)}\n`)
  }

  flushed(): Promise<void> {
    this.write()
    return Promise.all([this.requests.flushed(), this.exchanges.flushed(), this.points.flushed()]).then(
      () => undefined,
    )
  }

  async close(): Promise<void> {
    this.write()
    await Promise.all([this.requests.close(), this.exchanges.close(), this.points.close()])
  }
}

/** A run read back from disk: its report, and its points with where each record and exchange is. */
export interface StoredRun {
  report: LoadReport
  points: RequestPoint[]
  /** By request index: [record offset, length, exchange offset, length] (-1 offset: not kept). */
  ranges: Map<number, [number, number, number, number]>
}

export async function readReportFile(root: string, runId: string): Promise<LoadReport | null> {
  try {
    const read = readLoadReport(await readFile(join(root, runId, 'report.json'), 'utf8'))
    return read.ok ? read.report : null
  } catch {
    return null
  }
}

export async function readStoredRun(root: string, runId: string): Promise<StoredRun | null> {
  const report = await readReportFile(root, runId)
  if (!report) return null
  const points: RequestPoint[] = []
  const ranges = new Map<number, [number, number, number, number]>()
  let text = ''
  try {
    text = await readFile(join(root, runId, 'points.ndjson'), 'utf8')
  } catch {
    // A run whose points were never written (it failed before its first request) has none.
  }
  for (const line of text.split('\n')) {
    if (!line) continue
    try {
      const stored = JSON.parse(line) as StoredPoint
      if (!Array.isArray(stored) || stored.length !== 13) continue
      const point = stored.slice(0, 9) as RequestPoint
      points.push(point)
      ranges.set(point[0], stored.slice(9, 13) as [number, number, number, number])
    } catch {
      // A line cut by a kill mid-write is the last one: the rest is kept.
    }
  }
  return { report, points, ranges }
}

/** Reads `length` bytes at `offset` of one of the run's files. */
export async function readRange(
  root: string,
  runId: string,
  file: 'requests' | 'exchanges',
  offset: number,
  length: number,
): Promise<string> {
  const handle = await open(join(root, runId, `${file}.ndjson`), 'r')
  try {
    const buffer = Buffer.alloc(length)
    const { bytesRead } = await handle.read(buffer, 0, length, offset)
    return buffer.subarray(0, bytesRead).toString('utf8')
  } finally {
    await handle.close()
  }
}

/** Run ids on disk, newest first (ids start with their start time). */
export async function listRunIds(root: string): Promise<string[]> {
  try {
    const names = await readdir(root)
    const dated: { id: string; at: number }[] = []
    for (const id of names) {
      try {
        const s = await stat(join(root, id))
        if (s.isDirectory()) dated.push({ id, at: s.birthtimeMs || s.mtimeMs })
      } catch {
        // Gone meanwhile.
      }
    }
    return dated.sort((a, b) => b.at - a.at || b.id.localeCompare(a.id)).map((d) => d.id)
  } catch {
    return []
  }
}

/** Removes runs past the kept count, oldest first (never `keep`). */
export async function pruneRuns(root: string, keep: string, kept = KEPT_RUNS): Promise<void> {
  const ids = (await listRunIds(root)).filter((id) => id !== keep)
  for (const id of ids.slice(Math.max(0, kept - 1)))
    await rm(join(root, id), { recursive: true, force: true })
}

export async function deleteRun(root: string, runId: string): Promise<boolean> {
  const ids = await listRunIds(root)
  if (!ids.includes(runId)) return false
  await rm(join(root, runId), { recursive: true, force: true })
  return true
}
