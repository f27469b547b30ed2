// The prompts of a load test, made before the first request so no tokenizer work is on its hot path. Synthetic
// prompts are distinct texts of exactly the input length asked for (o200k_base, the local tokenizer): a pool of
// up to 2,048 (and 64 M characters), taken in turn. A saved case gives its messages; a file gives one prompt per
// line (or JSON lines of {"prompt": "…"}). With `simTokens` the last user text asks the simulator for the
// output length (`sim:tokens=<n>`), counted in the input length.
import type { LoadPlan } from '../../../shared/load/plan'
import { withSimTokens, type LoadPrompt } from '../../../shared/load/requests'
import type { SavedCase } from '../../../shared/cases/caseModel'
import { AppError } from '../../../shared/ipc/result'
import { LOAD_LIMITS } from '../../../shared/load/plan'

export interface Tokenizer {
  encode(text: string): number[]
  decode(tokens: number[]): string
  countTokens(text: string): number
}

let loaded: Promise<Tokenizer> | null = null
/** The tokenizer's tables load once (about half a second), when the first load test starts. */
export function loadTokenizer(): Promise<Tokenizer> {
  loaded ??= import('gpt-tokenizer/encoding/o200k_base').then((m) => {
    const none = { disallowedSpecial: new Set<string>() }
    return {
      encode: (text: string) => m.encode(text, none),
      decode: (tokens: number[]) => m.decode(tokens),
      countTokens: (text: string) => (text ? m.countTokens(text, none) : 0),
    }
  })
  return loaded
}

/** Texts up to this length have their count kept (a stream's frames: a few characters each, often repeated). */
const MEMO_CHARS = 64
const MEMO_ENTRIES = 20_000

/**
 * A tokenizer's count with short texts' counts kept (the same number the tokenizer gives, without its work each
 * time): a load test counts every output frame, and frames repeat the same words. Bounded in entries.
 */
export function rememberedCounts(count: (text: string) => number): (text: string) => number {
  const known = new Map<string, number>()
  return (text) => {
    if (text.length > MEMO_CHARS) return count(text)
    let n = known.get(text)
    if (n === undefined) {
      n = count(text)
      if (known.size >= MEMO_ENTRIES) known.clear()
      known.set(text, n)
    }
    return n
  }
}

export interface PromptPool {
  /** The prompt of the run's i-th request. */
  at(i: number): LoadPrompt & { tokens: number }
  size: number
  /** A few words on what the prompts are, for the report. */
  describe: string
}

const POOL_MAX = 2048
const POOL_CHARS = 64 * 1024 * 1024

const WORDS = (
  'the a of to and in is that for it as with on was by be at this from are or an have not which one all ' +
  'their there been has more when will would who some time can out up about into than them could only other ' +
  'these two may first then its over such new after most also made many before must through back years where ' +
  'much your way well down should because each just those people how too little state good very make world still ' +
  'own see men work long get here between both life being under never day same another know while last might us ' +
  'great old year off come since against go came right used take three gateway stream token model latency answer'
).split(' ')

/** A seeded PRNG (mulberry32), so a plan's prompts are the same each time it runs. */
function seeded(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A text of exactly `tokens` tokens (or as close as the tokenizer's round trip allows), distinct per `seed`. */
export function syntheticText(tk: Tokenizer, tokens: number, seed: number): string {
  if (tokens <= 0) return ''
  const rand = seeded(seed + 1)
  const words: string[] = []
  // About one token per word, with room to cut.
  for (let i = 0; i < tokens + 16; i++) words.push(WORDS[Math.floor(rand() * WORDS.length)]!)
  let text = tk.decode(tk.encode(words.join(' ')).slice(0, tokens))
  // A decoded cut can re-encode to one token more or less; trim or pad by words until it fits.
  for (let guard = 0; guard < 8; guard++) {
    const n = tk.countTokens(text)
    if (n === tokens) break
    if (n > tokens) text = text.slice(0, text.lastIndexOf(' ') > 0 ? text.lastIndexOf(' ') : text.length - 1)
    else text += ` ${WORDS[Math.floor(rand() * WORDS.length)]}`
  }
  return text
}

/** Prompts of a file: one per non-empty line, or JSON lines with a `prompt` string. Bounded. */
export function readPromptFile(text: string, name: string): string[] {
  if (text.length > LOAD_LIMITS.promptChars * 64)
    throw new AppError('LOAD_BAD_PROMPTS', `prompts file ${name}: larger than 25 MB`)
  const prompts: string[] = []
  const lines = text.split(/\r?\n/)
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim()
    if (!line) continue
    let prompt = line
    if (line.startsWith('{')) {
      let json: unknown
      try {
        json = JSON.parse(line)
      } catch (error) {
        throw new AppError(
          'LOAD_BAD_PROMPTS',
          `prompts file ${name}, line ${i + 1}: not JSON (${(error as Error).message})`,
        )
      }
      const value = (json as { prompt?: unknown }).prompt
      if (typeof value !== 'string' || !value.trim())
        throw new AppError(
          'LOAD_BAD_PROMPTS',
          `prompts file ${name}, line ${i + 1}: "prompt" must be a non-empty string`,
        )
      prompt = value
    }
    if (prompt.length > LOAD_LIMITS.promptChars)
      throw new AppError(
        'LOAD_BAD_PROMPTS',
        `prompts file ${name}, line ${i + 1}: longer than ${LOAD_LIMITS.promptChars} characters`,
      )
    prompts.push(prompt)
    if (prompts.length > LOAD_LIMITS.filePrompts)
      throw new AppError(
        'LOAD_BAD_PROMPTS',
        `prompts file ${name}: more than ${LOAD_LIMITS.filePrompts} prompts`,
      )
  }
  if (prompts.length === 0) throw new AppError('LOAD_BAD_PROMPTS', `prompts file ${name}: no prompt in it`)
  return prompts
}

export interface PromptSources {
  readFile(ref: string): Promise<string>
  readCase(suiteId: string, caseId: string): Promise<SavedCase | null>
}

/** Builds the run's prompts before it starts; `expected` is how many requests the run sends (a bound on work). */
export async function preparePrompts(
  plan: LoadPlan,
  sources: PromptSources,
  tk: Tokenizer,
  expected: number,
): Promise<PromptPool> {
  const trigger = (text: string) => (plan.simTokens ? withSimTokens(text, plan.maxTokens) : text)
  const source = plan.prompts
  if (source.kind === 'synthetic') {
    const triggerTokens = plan.simTokens ? tk.countTokens(withSimTokens('', plan.maxTokens)) : 0
    const size = Math.max(1, Math.min(POOL_MAX, expected, Math.floor(POOL_CHARS / (source.inputTokens * 6))))
    const pool = Array.from({ length: size }, (_, i) => {
      const text = trigger(syntheticText(tk, Math.max(1, source.inputTokens - triggerTokens), i))
      return { text, tokens: tk.countTokens(text) }
    })
    return {
      at: (i) => pool[i % size]!,
      size,
      describe: `${size} distinct synthetic prompts of ${source.inputTokens} tokens`,
    }
  }
  if (source.kind === 'file') {
    const prompts = readPromptFile(await sources.readFile(source.ref), source.name).map((p) => {
      const text = trigger(p)
      return { text, tokens: tk.countTokens(text) }
    })
    return {
      at: (i) => prompts[i % prompts.length]!,
      size: prompts.length,
      describe: `${prompts.length} prompts from ${source.name}`,
    }
  }
  const found = await sources.readCase(source.suiteId, source.caseId)
  if (!found) throw new AppError('LOAD_NO_CASE', 'prompts: that saved case no longer exists; choose another.')
  const messages = structuredClone(found.draft.messages)
  const lastUser = [...messages].reverse().find((m) => m.role === 'user')
  const part = lastUser?.parts.findLast((p) => p.type === 'text')
  if (plan.simTokens && part && part.type === 'text') part.text = withSimTokens(part.text, plan.maxTokens)
  const text = messages.flatMap((m) => m.parts.map((p) => (p.type === 'text' ? p.text : ''))).join('\n')
  const system = found.draft.system
  const prompt = {
    text,
    messages,
    ...(system ? { system } : {}),
    tokens: tk.countTokens(`${system ?? ''}${text}`),
  }
  return { at: () => prompt, size: 1, describe: `the saved case "${found.name}"` }
}
