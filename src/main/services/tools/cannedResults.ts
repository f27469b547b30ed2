// The canned tool results main keeps (settings key `toolCanned`): per server, per tool, a result that answers a
// model's call without running the tool, and which tools are answered that way without asking. Bounded per
// result, per server and in all (CANNED_BOUNDS); a bound crossed is an error naming it, and nothing is changed.
import { AppError } from '../../../shared/ipc/result'
import { cannedResultSchema, type CannedResult, type CannedSummary } from '../../../shared/tools/canned'
import { CANNED_BOUNDS } from '../../../shared/tools/cannedModes'
import type { SettingsStore } from '../ports'

const KEY = 'toolCanned'

interface Saved extends CannedResult {
  savedAt: number
}

interface ServerCanned {
  results: Record<string, Saved>
  /** Tools whose calls get their canned result without asking. */
  answer: string[]
}

type All = Record<string, ServerCanned>

export class CannedResults {
  constructor(private readonly settings: SettingsStore) {}

  summary(serverId: string): { canned: CannedSummary[]; answerCanned: string[] } {
    const mine = this.all()[serverId]
    if (!mine) return { canned: [], answerCanned: [] }
    return {
      canned: Object.entries(mine.results).map(([tool, r]) => ({
        tool,
        chars: r.text.length,
        isError: r.isError,
        savedAt: r.savedAt,
      })),
      answerCanned: mine.answer.filter((t) => mine.results[t]),
    }
  }

  read(serverId: string, tool: string): CannedResult | null {
    const r = this.all()[serverId]?.results[tool]
    return r ? { text: r.text, isError: r.isError } : null
  }

  /** Saves (or, with null, removes) a tool's canned result; removing it also stops answering with it. */
  put(serverId: string, tool: string, input: unknown): void {
    const all = this.all()
    const mine: ServerCanned = all[serverId] ?? { results: {}, answer: [] }
    if (input === null) {
      const { [tool]: _gone, ...results } = mine.results
      return this.save({ ...all, [serverId]: { results, answer: mine.answer.filter((t) => t !== tool) } })
    }
    const parsed = cannedResultSchema.safeParse(input)
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'a canned result is { text, isError }'
      throw new AppError('VALIDATION_FAILED', message, { issues: [{ field: 'text', message }] })
    }
    const results = { ...mine.results, [tool]: { ...parsed.data, savedAt: Date.now() } }
    if (Object.keys(results).length > CANNED_BOUNDS.perServer)
      throw new AppError(
        'TOOLS_CANNED_FULL',
        `At most ${CANNED_BOUNDS.perServer} canned results per tool server; remove one first.`,
      )
    const next = { ...all, [serverId]: { ...mine, results } }
    const total = Object.values(next).reduce(
      (sum, s) => sum + Object.values(s.results).reduce((n, r) => n + r.text.length, 0),
      0,
    )
    if (total > CANNED_BOUNDS.totalChars)
      throw new AppError(
        'TOOLS_CANNED_FULL',
        `Canned results hold at most ${CANNED_BOUNDS.totalChars.toLocaleString('en-US')} characters in all; remove or shorten one first.`,
      )
    this.save(next)
  }

  /** Answers the tool's calls with its canned result without asking (or stops doing so). */
  setAnswer(serverId: string, tool: string, on: boolean): void {
    const all = this.all()
    const mine = all[serverId]
    if (on && !mine?.results[tool])
      throw new AppError('VALIDATION_FAILED', `mode: save a canned result for ${tool} first.`, {
        issues: [{ field: 'mode', message: `mode: save a canned result for ${tool} first` }],
      })
    if (!mine) return
    const answer = mine.answer.filter((t) => t !== tool)
    this.save({ ...all, [serverId]: { ...mine, answer: on ? [...answer, tool] : answer } })
  }

  forget(serverId: string): void {
    const { [serverId]: _gone, ...rest } = this.all()
    this.save(rest)
  }

  /** What is saved, read leniently: an entry that does not read back is left out. */
  private all(): All {
    const raw = this.settings.get<unknown>(KEY)
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {}
    const out: All = {}
    for (const [id, value] of Object.entries(raw as Record<string, unknown>)) {
      const v = value as Partial<ServerCanned> | null
      if (!v || typeof v.results !== 'object' || v.results === null) continue
      const results: Record<string, Saved> = {}
      for (const [tool, r] of Object.entries(v.results as Record<string, unknown>)) {
        const parsed = cannedResultSchema.safeParse(r)
        const savedAt = (r as { savedAt?: unknown } | null)?.savedAt
        if (parsed.success)
          results[tool] = { ...parsed.data, savedAt: typeof savedAt === 'number' ? savedAt : 0 }
      }
      const answer = Array.isArray(v.answer) ? v.answer.filter((t): t is string => typeof t === 'string') : []
      out[id] = { results, answer }
    }
    return out
  }

  private save(all: All): void {
    this.settings.set(KEY, all)
  }
}
