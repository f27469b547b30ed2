// promptfoo's assertions mapped to this app's graders: the object form of a config (`{type, value, threshold}`)
// and the string form of a CSV's `__expected` column (`icontains:Paris`, `similar(0.9):…`, `grade:…`). What has no
// grader here (an assertion that runs JavaScript or Python, a metric not offered) comes back as a reason naming
// it, so the import lists it instead of dropping it. No assertion value is ever run as code.
import type { EvalGrader, GraderTarget, JudgePrompt } from './graders'

/** What an assertion needs from the config around it: the judge, the embeddings model, a custom rubric prompt. */
export interface AssertDefaults {
  judge: GraderTarget
  embeddingModel: string
  /** The profile the embeddings are asked of; none means the eval's own profile. */
  embeddingProfileId?: string
  rubricPrompt?: JudgePrompt
}

export type Mapped = { ok: true; grader: EvalGrader } | { ok: false; reason: string }

/** promptfoo's default similarity threshold for `similar` (its CSV form defaults to 0.8). */
const SIMILAR_THRESHOLD = 0.75

const CODE_TYPES = new Set(['javascript', 'python', 'ruby', 'webhook', 'contains-json-js'])

function asList(value: unknown): string[] | null {
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)))
  if (typeof value === 'string')
    return value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
  if (typeof value === 'number') return [String(value)]
  return null
}

const asText = (value: unknown): string | null =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : null

/** One promptfoo assertion object as a grader, or why it cannot be one. */
export function mapAssert(assert: Record<string, unknown>, defaults: AssertDefaults): Mapped {
  const raw = typeof assert.type === 'string' ? assert.type : ''
  if (!raw) return { ok: false, reason: 'an assertion without a type' }
  const not = raw.startsWith('not-')
  const type = not ? raw.slice(4) : raw
  const neg = not ? { not: true } : {}
  if (assert.transform !== undefined)
    return { ok: false, reason: `assert ${raw} with a transform (runs code)` }
  const value = assert.value
  const text = asText(value)
  const threshold = typeof assert.threshold === 'number' ? assert.threshold : undefined
  const need = (what: string): Mapped => ({ ok: false, reason: `assert ${raw}: ${what}` })
  if (
    CODE_TYPES.has(type) ||
    (typeof value === 'string' && /^file:\/\/.*\.(js|cjs|mjs|ts|py|rb)(:|$)/.test(value))
  )
    return { ok: false, reason: `assert ${raw} (runs code from the suite)` }
  switch (type) {
    case 'equals':
      if (text === null) return need('a value is needed')
      return { ok: true, grader: { kind: 'equals', value: text, ...neg } }
    case 'contains':
    case 'icontains':
      if (!text) return need('a value is needed')
      return {
        ok: true,
        grader: { kind: 'contains', text, ...(type === 'icontains' ? { ignoreCase: true } : {}), ...neg },
      }
    case 'contains-any':
    case 'icontains-any':
    case 'contains-all':
    case 'icontains-all': {
      const values = asList(value)
      if (!values?.length) return need('a list of values is needed')
      const kind = type.endsWith('any') ? 'containsAny' : 'containsAll'
      return {
        ok: true,
        grader: { kind, values, ...(type.startsWith('i') ? { ignoreCase: true } : {}), ...neg },
      }
    }
    case 'starts-with':
      if (!text) return need('a value is needed')
      return { ok: true, grader: { kind: 'startsWith', value: text, ...neg } }
    case 'regex':
      if (!text) return need('a pattern is needed')
      return { ok: true, grader: { kind: 'matches', pattern: text, ...neg } }
    case 'is-json':
      if (value !== undefined && value !== null && (typeof value !== 'object' || Array.isArray(value)))
        return need('the schema must be an object (a file:// schema is read by the config import)')
      return {
        ok: true,
        grader: { kind: 'json', ...(value ? { schema: value as Record<string, unknown> } : {}), ...neg },
      }
    case 'llm-rubric': {
      if (value !== undefined && text === null) return need('the rubric must be text')
      return {
        ok: true,
        grader: {
          kind: 'judge',
          rubric: text ?? '',
          judge: defaults.judge,
          // promptfoo passes on the judge's own verdict unless a threshold is set.
          threshold: threshold ?? 0,
          ...(defaults.rubricPrompt ? { prompt: defaults.rubricPrompt } : {}),
          ...neg,
        },
      }
    }
    case 'similar':
      if (!text) return need('the expected text is needed')
      return {
        ok: true,
        grader: {
          kind: 'similarity',
          expected: text,
          model: defaults.embeddingModel,
          ...(defaults.embeddingProfileId ? { profileId: defaults.embeddingProfileId } : {}),
          threshold: threshold ?? SIMILAR_THRESHOLD,
          ...neg,
        },
      }
    case 'cost':
      if (threshold === undefined || threshold <= 0) return need('a positive threshold (dollars) is needed')
      return { ok: true, grader: { kind: 'costUnder', amount: threshold, ...neg } }
    case 'latency':
      if (threshold === undefined || threshold < 1) return need('a threshold in ms is needed')
      return { ok: true, grader: { kind: 'totalUnder', ms: Math.round(threshold), ...neg } }
    default:
      return { ok: false, reason: `assert ${raw} (no grader of that type)` }
  }
}

// `[not-]type[(threshold)][:value]`, as promptfoo reads an `__expected` cell; anything else means "equals".
const EXPECTED = /^(not-)?([a-z][a-z0-9-]*)(?:\((\d+(?:\.\d+)?)\))?(?::([\s\S]*))?$/
const KNOWN = new Set([
  'equals',
  'contains',
  'icontains',
  'contains-any',
  'icontains-any',
  'contains-all',
  'icontains-all',
  'starts-with',
  'regex',
  'is-json',
  'contains-json',
  'llm-rubric',
  'similar',
  'cost',
  'latency',
  'javascript',
  'python',
  'levenshtein',
  'rouge-n',
  'perplexity',
  'answer-relevance',
  'classifier',
])

/** An `__expected` cell as promptfoo reads it, mapped to a grader. */
export function mapExpectedCell(cell: string, defaults: AssertDefaults): Mapped {
  for (const [prefix, type] of [
    ['javascript:', 'javascript'],
    ['fn:', 'javascript'],
    ['eval:', 'javascript'],
    ['python:', 'python'],
  ] as const)
    if (cell.startsWith(prefix)) return { ok: false, reason: `__expected ${type} (runs code from the suite)` }
  for (const prefix of ['grade:', 'llm-rubric:'])
    if (cell.startsWith(prefix))
      return mapAssert({ type: 'llm-rubric', value: cell.slice(prefix.length) }, defaults)
  if (/^file:\/\//.test(cell))
    return { ok: false, reason: `__expected ${cell.slice(0, 60)} (a file reference)` }
  const m = EXPECTED.exec(cell)
  if (!m || !KNOWN.has(m[2]!)) return { ok: true, grader: { kind: 'equals', value: cell } }
  const type = `${m[1] ?? ''}${m[2]}`
  const threshold = m[3] !== undefined ? Number(m[3]) : m[2] === 'similar' ? 0.8 : undefined
  const value = m[4]
  if (m[2] === 'is-json' || m[2] === 'contains-json') {
    if (m[2] === 'contains-json')
      return { ok: false, reason: '__expected contains-json (no grader of that type)' }
    return mapAssert({ type }, defaults)
  }
  return mapAssert({ type, value, ...(threshold !== undefined ? { threshold } : {}) }, defaults)
}
