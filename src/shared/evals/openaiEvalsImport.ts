// OpenAI Evals moved here: a JSONL dataset of `{"item": {...}}` lines (each item's fields become columns) and
// the eval's graders (`testing_criteria`, a list of graders, or one) mapped to ours: `string_check` (eq, ne, like,
// ilike) to equals / contains, `text_similarity` with `cosine` to similarity through the gateway's embeddings,
// `score_model` to a judge with its own messages, range and pass threshold. Templates are renamed:
// `{{ item.x }}` → `{{x}}`, `{{ sample.output_text }}` → the answer. A run's `input_messages` template, when the
// file has one, becomes the prompt. What has no counterpart (other metrics, python, label_model) is listed.
import { readJsonl, type DatasetRead } from './dataset'
import type { EvalGrader, GraderTarget, JudgePrompt } from './graders'
import type { PromptTemplate } from './plan'
import type { AssertDefaults } from './promptfooAsserts'
import { renameVariables, templateNames } from './template'

export interface OpenAiEvalsRead {
  read: DatasetRead
  graders: EvalGrader[]
  prompt: PromptTemplate | null
  unmapped: string[]
  problems: string[]
}

type Obj = Record<string, unknown>
type EmbeddingDefault = Pick<AssertDefaults, 'embeddingModel' | 'embeddingProfileId'>
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v)

const OUTPUT = 'sample.output_text'
/** In a judge's messages the answer is `{{output}}`, as in every judge prompt here. */
const renameForJudge = (t: string) =>
  renameVariables(t, (n) => (n === OUTPUT ? 'output' : n.startsWith('item.') ? n.slice(5) : n))
const renameForRow = (t: string) => renameVariables(t, (n) => (n.startsWith('item.') ? n.slice(5) : n))
const isAnswer = (t: string) => {
  const names = templateNames(t)
  return names.length === 1 && names[0] === OUTPUT && t.trim().replace(/\s+/g, '') === `{{${OUTPUT}}}`
}

function contentText(content: unknown): string | null {
  if (typeof content === 'string') return content
  if (isObj(content) && typeof content.text === 'string') return content.text
  if (Array.isArray(content)) {
    const texts = content.map(contentText)
    return texts.every((t) => t !== null) ? texts.join('\n') : null
  }
  return null
}

function mapGrader(g: Obj, judge: GraderTarget, embedding: EmbeddingDefault): EvalGrader | string {
  const type = String(g.type ?? '')
  const name = typeof g.name === 'string' ? ` "${g.name}"` : ''
  const input = typeof g.input === 'string' ? g.input : ''
  const reference = typeof g.reference === 'string' ? renameForRow(g.reference) : ''
  if (type === 'string_check') {
    const op = String(g.operation ?? '')
    const json = /^\{\{\s*sample\.output_json\.([\w.]+)\s*\}\}$/.exec(input.trim())
    if (json && (op === 'eq' || op === 'ne'))
      return {
        kind: 'jsonPathEquals',
        path: `$.${json[1]}`,
        value: reference,
        ...(op === 'ne' ? { not: true } : {}),
      }
    if (!isAnswer(input))
      return `string_check${name} on ${input.slice(0, 60)} (only the answer text is graded)`
    if (op === 'eq') return { kind: 'equals', value: reference }
    if (op === 'ne') return { kind: 'equals', value: reference, not: true }
    if (op === 'like') return { kind: 'contains', text: reference }
    if (op === 'ilike') return { kind: 'contains', text: reference, ignoreCase: true }
    return `string_check${name} operation ${op}`
  }
  if (type === 'text_similarity') {
    const metric = String(g.evaluation_metric ?? '')
    if (metric !== 'cosine') return `text_similarity${name} with ${metric} (only cosine is mapped)`
    if (!isAnswer(input))
      return `text_similarity${name} on ${input.slice(0, 60)} (only the answer text is graded)`
    const t = typeof g.pass_threshold === 'number' ? g.pass_threshold : 0.8
    return {
      kind: 'similarity',
      expected: reference,
      model: embedding.embeddingModel,
      ...(embedding.embeddingProfileId ? { profileId: embedding.embeddingProfileId } : {}),
      threshold: Math.min(1, Math.max(0, t)),
    }
  }
  if (type === 'score_model') {
    const messages = Array.isArray(g.input) ? g.input : []
    const prompt: JudgePrompt = []
    for (const m of messages) {
      const text = isObj(m) ? contentText(m.content) : null
      if (text === null) return `score_model${name}: a message with images or audio`
      const role =
        isObj(m) && (m.role === 'system' || m.role === 'developer')
          ? 'system'
          : isObj(m) && m.role === 'assistant'
            ? 'assistant'
            : 'user'
      prompt.push({ role, content: renameForJudge(text) })
    }
    if (prompt.length === 0) return `score_model${name} without input messages`
    const range =
      Array.isArray(g.range) && g.range.length === 2 && g.range.every((x) => typeof x === 'number')
        ? (g.range as [number, number])
        : ([0, 1] as [number, number])
    const [lo, hi] = range
    const raw = typeof g.pass_threshold === 'number' ? g.pass_threshold : hi
    const threshold = hi > lo ? Math.min(1, Math.max(0, (raw - lo) / (hi - lo))) : 1
    return {
      kind: 'judge',
      rubric: '',
      prompt,
      judge: typeof g.model === 'string' && g.model ? { ...judge, model: g.model } : judge,
      threshold,
      range,
    }
  }
  return `${type || 'a grader without a type'}${name}`
}

/** Reads the dataset (JSONL) and the graders file (JSON), either of which may be absent. */
export function readOpenAiEvals(
  datasetText: string,
  gradersText: string | null,
  defaults: AssertDefaults,
): OpenAiEvalsRead {
  const read = readJsonl(datasetText, defaults)
  const unmapped: string[] = [...read.unmapped]
  const graders: EvalGrader[] = []
  const problems: string[] = []
  let prompt: PromptTemplate | null = null
  if (gradersText !== null) {
    let parsed: unknown
    try {
      parsed = JSON.parse(gradersText)
    } catch (error) {
      problems.push(`graders file: not JSON: ${(error as Error).message}`)
      parsed = null
    }
    const list = Array.isArray(parsed)
      ? parsed
      : isObj(parsed) && Array.isArray(parsed.testing_criteria)
        ? parsed.testing_criteria
        : isObj(parsed) && typeof parsed.type === 'string'
          ? [parsed]
          : []
    if (parsed !== null && list.length === 0)
      problems.push('graders file: no graders (a list, an eval with testing_criteria, or one grader)')
    for (const g of list) {
      const m = isObj(g) ? mapGrader(g, defaults.judge, defaults) : 'a grader that is not an object'
      if (typeof m === 'string') unmapped.push(m)
      else graders.push(m)
    }
    const template =
      isObj(parsed) && isObj(parsed.data_source) && isObj(parsed.data_source.input_messages)
        ? parsed.data_source.input_messages.template
        : null
    if (Array.isArray(template)) {
      const turns = template.map((m) =>
        isObj(m) ? { role: String(m.role ?? 'user'), text: contentText(m.content) } : null,
      )
      if (turns.every((t) => t && t.text !== null)) {
        const sys = turns
          .filter((t) => t!.role === 'system' || t!.role === 'developer')
          .map((t) => renameForRow(t!.text!))
        prompt = {
          label: 'OpenAI eval prompt',
          ...(sys.length ? { system: sys.join('\n\n') } : {}),
          messages: turns
            .filter((t) => t!.role !== 'system' && t!.role !== 'developer')
            .map((t) => ({
              role: t!.role === 'assistant' ? ('assistant' as const) : ('user' as const),
              parts: [{ type: 'text' as const, text: renameForRow(t!.text!) }],
            })),
        }
      } else unmapped.push('input_messages with images or audio')
    }
  }
  return { read, graders, prompt, unmapped, problems }
}
