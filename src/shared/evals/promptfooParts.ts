// The parts of a promptfoo config read one at a time: a provider entry in any of its shapes, the grading
// providers a test's `options.provider` names, a `rubricPrompt` (text, chat JSON or a file), a prompt text as a
// template (chat JSON or plain, its Nunjucks features listed) and an `is-json` schema given as a file.
import type { GraderTarget, JudgePrompt } from './graders'
import { formatOfProvider, type PromptTemplate } from './plan'
import { parseTemplate } from './template'
import { fileRef, readStructured, type ReadFile } from './promptfooFiles'

type Obj = Record<string, unknown>
export const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v)

export function providerTarget(p: unknown): { id: string; label?: string; config: Obj } | null {
  if (typeof p === 'string') return { id: p, config: {} }
  if (!isObj(p)) return null
  if (typeof p.id === 'string')
    return {
      id: p.id,
      label: typeof p.label === 'string' ? p.label : undefined,
      config: isObj(p.config) ? p.config : {},
    }
  const keys = Object.keys(p)
  if (keys.length === 1 && isObj(p[keys[0]!])) {
    const inner = p[keys[0]!] as Obj
    return {
      id: keys[0]!,
      label: typeof inner.label === 'string' ? inner.label : undefined,
      config: isObj(inner.config) ? inner.config : {},
    }
  }
  return null
}

/** The judge and embedding model a test's `options.provider` names. */
export function gradingProviders(
  provider: unknown,
  unmapped: Set<string>,
): { judge?: GraderTarget; embedding?: string } {
  const out: { judge?: GraderTarget; embedding?: string } = {}
  const one = (p: unknown, role: 'text' | 'embedding') => {
    const t = providerTarget(p)
    if (!t) return
    const emb = /^openai:embeddings?:(.+)$/.exec(t.id)
    if (emb) out.embedding = emb[1]
    else {
      const f = formatOfProvider(t.id)
      if (f && role === 'text') out.judge = f
      else unmapped.add(`grading provider ${t.id}`)
    }
  }
  if (isObj(provider) && (provider.text !== undefined || provider.embedding !== undefined)) {
    if (provider.text !== undefined) one(provider.text, 'text')
    if (provider.embedding !== undefined) one(provider.embedding, 'embedding')
  } else if (provider !== undefined) one(provider, 'text')
  return out
}

export function rubricPromptOf(
  value: unknown,
  read: ReadFile,
  unmapped: Set<string>,
): JudgePrompt | undefined {
  let v = value
  const ref = fileRef(v)
  if (ref !== null) {
    const text = read(ref)
    if (text === null) {
      unmapped.add(`rubricPrompt ${ref} (file not found)`)
      return undefined
    }
    v = text
  }
  if (Array.isArray(v)) v = JSON.stringify(v)
  if (typeof v !== 'string' || !v.trim()) return undefined
  try {
    const parsed: unknown = JSON.parse(v)
    if (Array.isArray(parsed) && parsed.every((m) => isObj(m) && typeof m.content === 'string'))
      return parsed.map((m) => ({
        role:
          (m as Obj).role === 'system' ? 'system' : (m as Obj).role === 'assistant' ? 'assistant' : 'user',
        content: (m as Obj).content as string,
      }))
  } catch {
    // Plain text: one user message.
  }
  return [{ role: 'user', content: v }]
}

export function templateOf(
  text: string,
  label: string,
  index: number,
  unmapped: Set<string>,
): PromptTemplate {
  const note = (t: string) => {
    for (const f of parseTemplate(t).features)
      unmapped.add(`prompt ${index + 1}: Nunjucks ${f.kind} ${f.name} (${f.text}) kept as written`)
  }
  let chat: unknown = null
  if (text.trimStart().startsWith('[')) {
    try {
      chat = JSON.parse(text)
    } catch {
      chat = null
    }
  }
  if (
    Array.isArray(chat) &&
    chat.length > 0 &&
    chat.every((m) => isObj(m) && typeof m.content === 'string' && typeof m.role === 'string')
  ) {
    const turns = chat as { role: string; content: string }[]
    const system = turns
      .filter((m) => m.role === 'system')
      .map((m) => m.content)
      .join('\n\n')
    turns.forEach((m) => note(m.content))
    return {
      label,
      ...(system ? { system } : {}),
      messages: turns
        .filter((m) => m.role !== 'system')
        .map((m) => ({
          role: m.role === 'assistant' ? ('assistant' as const) : ('user' as const),
          parts: [{ type: 'text' as const, text: m.content }],
        })),
    }
  }
  note(text)
  return { label, messages: [{ role: 'user', parts: [{ type: 'text', text }] }] }
}

/** An `is-json` schema given as `file://schema.json` is read (a file of code is left for mapAssert to refuse). */
export function loadAssertFiles(a: Obj, read: ReadFile, unmapped: Set<string>): Obj {
  const ref = fileRef(a.value)
  if (ref === null || a.type !== 'is-json') return a
  const parsed = readStructured(ref, read)
  if (!parsed.ok) {
    unmapped.add(`is-json schema ${ref}: ${parsed.message}`)
    const { value: _dropped, ...rest } = a
    return rest
  }
  return { ...a, value: parsed.value }
}
