// Synthetic but responsive text: answers that quote the last user message and say they are simulated,
// reasoning text of a requested size, answers built on tool results, and long markdown for speed tests.
// Everything is drawn from a PRNG seeded by a hash of the request, so the same request gets the same words.
import type { SampleHints } from './schema'

/** FNV-1a, 32 bit: a stable hash for seeds and signatures. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/** mulberry32: a small deterministic PRNG in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const STOP_WORDS = new Set(
  (
    'a an the and or but if then than that this these those is are was were be been being to of in on at by for ' +
    'with about as into from up down out over under again further once here there when where why how all any both ' +
    'each few more most other some such no nor not only own same so too very can will just should now i me my we ' +
    'our you your he she it its they them their what which who whom do does did doing have has had having would ' +
    'could please tell give show let get make use using want need like also hello hi hey there thanks thank ' +
    "today explain describe summarise summarize write list find check compare what's it's i'm"
  ).split(' '),
)

/** Content words, names and the raw text of a message, for responsive strings. */
export function hintsFrom(text: string): SampleHints {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}_-]*/gu) ?? []).filter(
    (word) => word.length > 2 && !STOP_WORDS.has(word),
  )
  const names = new Set<string>()
  const tokens = text.match(/\S+/g) ?? []
  tokens.forEach((token, index) => {
    const word = trimToWord(token)
    const previous = tokens[index - 1]
    const startsSentence = index === 0 || (previous !== undefined && /[.!?]$/.test(previous))
    if (!startsSentence && /^\p{Lu}\p{L}+$/u.test(word)) names.add(word)
  })
  return { text: text.replace(/\s+/g, ' ').trim(), words: [...new Set(words)], names: [...names] }
}

/**
 * A token without leading non-letters and trailing non-letters-or-digits, by index (the simulator runs inside the
 * app, and an unanchored `[^…]+$` took quadratic time on a long run of punctuation in a pasted prompt).
 */
function trimToWord(token: string): string {
  const chars = [...token]
  let start = 0
  while (start < chars.length && !/\p{L}/u.test(chars[start]!)) start++
  let end = chars.length
  while (end > start && !/[\p{L}\p{N}]/u.test(chars[end - 1]!)) end--
  return chars.slice(start, end).join('')
}

/** A short quote of a message, on one line. */
export function quote(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

function pick<T>(items: readonly T[], rand: () => number): T {
  const item = items[Math.floor(rand() * items.length) % items.length]
  if (item === undefined) throw new Error('pick from an empty list')
  return item
}

function fill(template: string, a: string, b: string): string {
  return template
    .replace('{A}', a.charAt(0).toUpperCase() + a.slice(1))
    .replace('{a}', a)
    .replace('{b}', b)
}

const ANSWER_SENTENCES = [
  'A real model would weigh {a} and {b} and answer from what it knows.',
  'The simulator keeps replies short and deterministic, so the same request always gets the same words.',
  'Streaming, tool calls and structured output all work here, so each wire format can be inspected.',
  'Mentioning {a} again in a follow-up shows that the whole conversation history is read.',
  'Token counts in the usage block come from a real tokenizer, so they are close to what a gateway reports.',
  '{A} only shapes this placeholder text; connect a real gateway profile for a real answer about {b}.',
  'Every byte of this reply, including the usage numbers, can be inspected in the exchange view.',
]

const REASONING_SENTENCES = [
  'First, I pick out the key terms: {a} and {b}.',
  'Next, I consider what a helpful answer about {a} should contain.',
  'I check whether a tool or more context about {b} is needed.',
  'Then I outline a short, clear reply and order the points.',
  'I double-check that the answer stays on the topic of {a}.',
  'Finally, I keep the wording plain so the reply is easy to read.',
]

export interface AnswerInput {
  model: string
  system: string
  lastUser: string
  userTurns: number
  images: number
  /** Audio and other media of the last turn, in words. */
  media?: string[]
}

/** The default reply: says it is simulated, quotes the last user message, adds a few sentences. */
export function answerText(input: AnswerInput, rand: () => number): string {
  const hints = hintsFrom(input.lastUser)
  const topics = [
    ...hints.names,
    ...hints.words.filter((word) => !hints.names.some((name) => name.toLowerCase() === word)),
  ]
  const a = topics[0] ?? 'your message'
  const b = topics[1] ?? topics[0] ?? 'the topic'
  const parts = [`This is a simulated answer from ${input.model}; no real model was called.`]
  if (input.lastUser) parts.push(`You said: "${quote(input.lastUser)}".`)
  else parts.push(input.images > 0 ? 'You sent an image without text.' : 'Your last message had no text.')
  if (input.images > 0 && input.lastUser) parts.push(`I also received ${input.images} image(s).`)
  for (const media of input.media ?? []) parts.push(`I received ${media}.`)
  if (input.system) parts.push(`Following the instructions "${quote(input.system, 60)}".`)
  if (input.userTurns > 1) parts.push(`This is turn ${input.userTurns} of our conversation.`)
  const count = 2 + Math.floor(rand() * 3)
  const used = new Set<number>()
  while (used.size < count) used.add(Math.floor(rand() * ANSWER_SENTENCES.length))
  for (const index of used) parts.push(fill(ANSWER_SENTENCES[index] ?? '', a, b))
  return parts.join(' ')
}

/** Reasoning text of about `targetTokens` tokens (estimated at 4 characters a token). */
export function reasoningText(lastUser: string, targetTokens: number, rand: () => number): string {
  const hints = hintsFrom(lastUser)
  const a = hints.words[0] ?? 'the request'
  const b = hints.words[1] ?? 'the context'
  const parts = [`Simulated reasoning. The user wrote: "${quote(lastUser, 80)}".`]
  let length = parts[0]?.length ?? 0
  let step = 1
  while (length < targetTokens * 4) {
    const sentence = `Step ${step}: ${fill(pick(REASONING_SENTENCES, rand), a, b)}`
    parts.push(sentence)
    length += sentence.length + 1
    step += 1
  }
  return parts.join(' ')
}

/** The answer when the request carries tool results: it uses (quotes) each result. */
export function toolResultAnswer(
  results: { name: string | undefined; content: string }[],
  lastUser: string,
  model: string,
): string {
  const parts = [`This is a simulated answer from ${model}, based on the tool results.`]
  for (const result of results) {
    parts.push(`The tool ${result.name ?? 'call'} returned: ${quote(result.content, 200)}.`)
  }
  if (lastUser)
    parts.push(`So, to answer "${quote(lastUser, 80)}": the result above is what the tool reported.`)
  return parts.join(' ')
}

/** Long markdown (headings, lists, code, tables) of about `targetTokens` tokens, for speed tests. */
export function longMarkdown(targetTokens: number, lastUser: string, rand: () => number): string {
  const hints = hintsFrom(lastUser)
  const a = hints.words[0] ?? 'streaming'
  const b = hints.words[1] ?? 'rendering'
  const sections: string[] = [
    `# Simulated long answer\n\nThis long reply is simulated, about ${targetTokens} tokens.\n`,
  ]
  let length = sections[0]?.length ?? 0
  for (let n = 1; length < targetTokens * 4; n += 1) {
    const section = [
      `## Part ${n}: ${a}`,
      '',
      fill(pick(ANSWER_SENTENCES, rand), a, b) + ' ' + fill(pick(ANSWER_SENTENCES, rand), a, b),
      '',
      `- point ${n}.1 about ${a}`,
      `- point ${n}.2 about ${b}`,
      '',
      '```ts',
      `function part${n}(input: string): string {`,
      `  return input.repeat(${(n % 3) + 1}) // ${a}`,
      '}',
      '```',
      '',
      '| item | value |',
      '|---|---|',
      `| ${a} | ${Math.floor(rand() * 1000)} |`,
      `| ${b} | ${Math.floor(rand() * 1000)} |`,
      '',
    ].join('\n')
    sections.push(section)
    length += section.length
  }
  return sections.join('\n')
}
