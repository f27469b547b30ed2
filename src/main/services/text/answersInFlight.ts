// Answers on their way into a conversation, kept on disk while they stream so that a kill loses at most the last
// moment of them (R9): a run that keeps its answer writes what has arrived, at its checkpoints, to
// `answers-in-flight/<runId>.json` in the data folder (atomic, one file per run, written in order), and the file
// goes when the run ends. At the next start the files left are the runs the app stopped in the middle of: each
// answer joins its conversation marked "interrupted" when that conversation still ends where the run began
// (textService.ts), and every file is removed either way (History keeps the run too). Bounded: a file holds at
// most `maxChars` characters of the answer, and at most `maxFiles` are read back.
import { promises as fs } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { writeFileAtomic } from '../atomicFile'
import { draftMessageSchema, type DraftMessage } from '../../../shared/wire'

export interface InFlightAnswer {
  runId: string
  conversationId: string
  /** How many turns the conversation had once the run's own edit was made (the answer would be the next). */
  turns: number
  /** A continued partial answer: the index of the turn it goes on from (it replaces that turn). */
  continues?: number
  /** What has arrived, as the turn it would be (marked interrupted). */
  turn: DraftMessage
}

const fileSchema = z.object({
  version: z.literal(1),
  runId: z.string().max(200),
  conversationId: z.string().max(100),
  turns: z.number().int().min(0),
  continues: z.number().int().min(0).optional(),
  turn: draftMessageSchema,
})

const FOLDER = 'answers-in-flight'
const RUN_ID = /^[\w-]{1,100}$/

export interface AnswersInFlightOptions {
  /** The most characters of JSON one file holds (a longer answer keeps its start). */
  maxChars?: number
  /** The most files read back at start. */
  maxFiles?: number
  log?: (message: string) => void
}

export class AnswersInFlight {
  private readonly folder: string
  private readonly maxChars: number
  /** Each run's writes in order, so a removal never races a write still on its way. */
  private readonly queues = new Map<string, Promise<void>>()

  constructor(
    dataDir: string,
    private readonly options: AnswersInFlightOptions = {},
  ) {
    this.folder = join(dataDir, FOLDER)
    this.maxChars = options.maxChars ?? 2_000_000
  }

  /** Keeps what has arrived of a run's answer (replacing what was kept before). */
  write(answer: InFlightAnswer): void {
    if (!RUN_ID.test(answer.runId)) return
    const text = this.bounded(answer)
    if (text === null) return
    this.enqueue(answer.runId, () => writeFileAtomic(this.path(answer.runId), text))
  }

  /** The run ended (its answer is a turn, or its window holds it): its file goes. */
  remove(runId: string): void {
    if (!RUN_ID.test(runId) || !this.queues.has(runId)) return
    this.enqueue(runId, () => fs.rm(this.path(runId), { force: true }), true)
  }

  /** Resolves once every write and removal asked for so far is done (close, tests). */
  async settled(): Promise<void> {
    await Promise.all([...this.queues.values()])
  }

  /** The answers a stopped app left (oldest first); their files are removed. */
  async recover(): Promise<InFlightAnswer[]> {
    let names: string[]
    try {
      names = (await fs.readdir(this.folder)).filter((n) => n.endsWith('.json') && !n.startsWith('.'))
    } catch {
      return []
    }
    const found: { at: number; answer: InFlightAnswer }[] = []
    for (const name of names.slice(0, this.options.maxFiles ?? 100)) {
      const path = join(this.folder, name)
      try {
        const stat = await fs.lstat(path)
        // Our own files only: plain files within the bound (never a link to a file elsewhere).
        if (stat.isFile() && stat.size <= 3 * this.maxChars + 1024) {
          const file = fileSchema.parse(JSON.parse(await fs.readFile(path, 'utf8')))
          const { version: _v, ...answer } = file
          found.push({ at: stat.mtimeMs, answer })
        }
      } catch {
        this.options.log?.(`an answer kept while it streamed could not be read (${name}); it is dropped`)
      }
    }
    // Everything left is dropped, read or not: History keeps every run.
    await Promise.all(names.map((n) => fs.rm(join(this.folder, n), { force: true }).catch(() => undefined)))
    return found.sort((a, b) => a.at - b.at).map((f) => f.answer)
  }

  private bounded(answer: InFlightAnswer): string | null {
    const text = JSON.stringify({ version: 1, ...answer })
    if (text.length <= this.maxChars) return text
    // A longer answer keeps its start: its text parts cut to what fits.
    const over = text.length - this.maxChars
    const parts = answer.turn.parts.map((p) =>
      p.type === 'text' && p.text.length > over ? { ...p, text: p.text.slice(0, p.text.length - over) } : p,
    )
    const cut = JSON.stringify({ version: 1, ...answer, turn: { ...answer.turn, parts } })
    return cut.length <= this.maxChars ? cut : null
  }

  private path(runId: string): string {
    return join(this.folder, `${runId}.json`)
  }

  private enqueue(runId: string, work: () => Promise<unknown>, last = false): void {
    const next = (this.queues.get(runId) ?? Promise.resolve()).then(work).then(
      () => undefined,
      (error: unknown) =>
        this.options.log?.(
          `an answer in flight was not kept: ${error instanceof Error ? error.message : String(error)}`,
        ),
    )
    this.queues.set(runId, next)
    if (last) void next.then(() => this.queues.get(runId) === next && this.queues.delete(runId))
  }
}
