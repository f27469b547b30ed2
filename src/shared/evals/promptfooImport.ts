// A promptfoo config (`promptfooconfig.yaml`) read into an eval plan: prompts with `{{vars}}` (inline, or
// `file://` text split on `---`, chat JSON, JSONL or YAML lists), providers mapped to a format and model, tests
// with their vars and assertions (inline, or `file://` CSV with `__expected` columns, YAML, JSON or JSONL), and
// `defaultTest`. Files are read through the caller (relative to the config). What cannot be mapped (a provider of
// another kind, an assertion that runs code, a Nunjucks filter, a top-level key) is listed by name. Nothing in
// the file is run: YAML aliases are bounded, values are data.
import { DatasetBuilder, readCsv, readJsonl } from './dataset'
import type { GraderTarget } from './graders'
import { formatOfProvider, type EvalPlan, type PromptTemplate, type Variant } from './plan'
import { mapAssert, type AssertDefaults } from './promptfooAsserts'
import { expandVars, fileRef, promptTexts, readStructured, readYaml, type ReadFile } from './promptfooFiles'
import {
  gradingProviders,
  isObj,
  loadAssertFiles,
  providerTarget,
  rubricPromptOf,
  templateOf,
} from './promptfooParts'

export type { ReadFile } from './promptfooFiles'

export interface PromptfooOptions {
  /** The judge when the config names none (the CLI's `--judge`). */
  judge?: GraderTarget
  embeddingModel?: string
  embeddingProfileId?: string
}

export type PromptfooRead = { ok: true; plan: EvalPlan } | { ok: false; problems: string[] }

const KNOWN_KEYS = new Set(['description', 'prompts', 'providers', 'tests', 'defaultTest', 'evaluateOptions'])
const HARMLESS_KEYS = new Set(['tags', 'outputPath', 'sharing', 'writeLatestResults', '$schema'])
const PROVIDER_CONFIG_KEYS = new Set([
  'temperature',
  'max_tokens',
  'top_p',
  'apiBaseUrl',
  'apiKey',
  'apiKeyEnvar',
  'apiHost',
])

type Obj = Record<string, unknown>

export function readPromptfooConfig(
  configText: string,
  read: ReadFile,
  options: PromptfooOptions = {},
): PromptfooRead {
  let config: unknown
  try {
    config = readYaml(configText)
  } catch (error) {
    return { ok: false, problems: [(error as Error).message.split('\n')[0]!] }
  }
  if (!isObj(config))
    return { ok: false, problems: ['the config must be a mapping with prompts, providers and tests'] }
  const unmapped = new Set<string>()
  const problems: EvalPlan['problems'] = []
  for (const key of Object.keys(config))
    if (!KNOWN_KEYS.has(key))
      unmapped.add(HARMLESS_KEYS.has(key) ? `top-level ${key} (ignored)` : `top-level ${key}`)

  // Providers first: the judge falls back to the first one.
  const rawProviders = config.providers
  const providerList = Array.isArray(rawProviders)
    ? rawProviders
    : rawProviders === undefined
      ? []
      : isObj(rawProviders) && !('id' in rawProviders)
        ? Object.entries(rawProviders).map(([id, v]) => ({ [id]: v }))
        : [rawProviders]
  const variants: Variant[] = []
  for (const p of providerList) {
    const t = providerTarget(p)
    if (!t) {
      unmapped.add(`a provider of an unknown shape`)
      continue
    }
    const f = formatOfProvider(t.id)
    if (!f) {
      unmapped.add(`provider ${t.id}`)
      continue
    }
    const c = t.config
    for (const key of Object.keys(c))
      if (!PROVIDER_CONFIG_KEYS.has(key)) unmapped.add(`provider ${t.id} config ${key}`)
    if (c.apiKey !== undefined)
      unmapped.add(`provider ${t.id} apiKey (ignored: the key comes from the profile)`)
    const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined)
    // promptfoo's Anthropic provider sends max_tokens 1024 when none is set; messages requires one.
    const maxTokens = num(c.max_tokens) ?? (f.format === 'messages' ? 1024 : undefined)
    variants.push({
      label: t.label ?? t.id,
      format: f.format,
      model: f.model,
      // promptfoo's providers do not stream: the same requests are sent here.
      params: {
        stream: false,
        ...(num(c.temperature) !== undefined ? { temperature: num(c.temperature) } : {}),
        ...(num(c.top_p) !== undefined ? { topP: num(c.top_p) } : {}),
        ...(maxTokens !== undefined ? { maxTokens: Math.round(maxTokens) } : {}),
      },
    })
  }
  if (variants.length === 0)
    return {
      ok: false,
      problems: [
        'providers: none maps to a format here (openai:, openai:chat:, openai:responses:, anthropic:messages:, google:, vertex:)',
      ],
    }

  // defaultTest (inline or a file) gives default vars, graders and the grading providers.
  let defaultTest: Obj = {}
  const dtRef = fileRef(config.defaultTest)
  if (dtRef !== null) {
    const dt = readStructured(dtRef, read)
    if (!dt.ok) return { ok: false, problems: [`defaultTest: ${dt.message}`] }
    if (isObj(dt.value)) defaultTest = dt.value
  } else if (isObj(config.defaultTest)) defaultTest = config.defaultTest
  const dOptions = isObj(defaultTest.options) ? defaultTest.options : {}
  for (const key of Object.keys(dOptions))
    if (key !== 'provider' && key !== 'rubricPrompt') unmapped.add(`defaultTest options ${key}`)
  for (const key of Object.keys(defaultTest))
    if (!['vars', 'assert', 'options'].includes(key)) unmapped.add(`defaultTest ${key}`)
  const grading = gradingProviders(dOptions.provider, unmapped)
  const first = variants[0]!
  const defaults: AssertDefaults = {
    judge: grading.judge ?? options.judge ?? { format: first.format, model: first.model },
    embeddingModel: grading.embedding ?? options.embeddingModel ?? 'text-embedding-3-large',
    ...(options.embeddingProfileId ? { embeddingProfileId: options.embeddingProfileId } : {}),
    ...(dOptions.rubricPrompt !== undefined
      ? { rubricPrompt: rubricPromptOf(dOptions.rubricPrompt, read, unmapped) }
      : {}),
  }
  const graders = []
  for (const [i, a] of (Array.isArray(defaultTest.assert) ? defaultTest.assert : []).entries()) {
    const m = isObj(a)
      ? mapAssert(loadAssertFiles(a, read, unmapped), defaults)
      : { ok: false as const, reason: 'an assertion that is not a mapping' }
    if (m.ok) graders.push(m.grader)
    else unmapped.add(`defaultTest assert ${i + 1}: ${m.reason}`)
  }
  const defaultVars = isObj(defaultTest.vars) ? defaultTest.vars : {}

  // Prompts.
  const prompts: PromptTemplate[] = []
  const promptList = Array.isArray(config.prompts)
    ? config.prompts
    : config.prompts === undefined
      ? []
      : [config.prompts]
  for (const entry of promptList) {
    const texts = promptTexts(entry, read)
    if (!texts.ok) {
      unmapped.add(texts.message)
      continue
    }
    for (const t of texts.prompts) prompts.push(templateOf(t.text, t.label, prompts.length, unmapped))
  }
  if (prompts.length === 0) return { ok: false, problems: ['prompts: none could be read'] }

  // Tests.
  const b = new DatasetBuilder(defaults)
  const testList = Array.isArray(config.tests)
    ? config.tests
    : config.tests === undefined
      ? []
      : [config.tests]
  let testNo = 0
  const addTest = (test: unknown, where: string, line: number) => {
    testNo++
    if (!isObj(test))
      return problems.push({ where, message: 'a test must be a mapping with vars and assert' })
    const rowDefaults: AssertDefaults = { ...defaults }
    const o = isObj(test.options) ? test.options : {}
    if (o.rubricPrompt !== undefined)
      rowDefaults.rubricPrompt = rubricPromptOf(o.rubricPrompt, read, unmapped)
    const g = gradingProviders(o.provider, unmapped)
    if (g.judge) rowDefaults.judge = g.judge
    if (g.embedding) rowDefaults.embeddingModel = g.embedding
    for (const key of Object.keys(o))
      if (key !== 'provider' && key !== 'rubricPrompt') unmapped.add(`${where} options ${key}`)
    for (const key of Object.keys(test))
      if (!['vars', 'assert', 'options', 'description', 'metadata', 'threshold'].includes(key))
        unmapped.add(`${where} ${key}`)
    const rowGraders = []
    for (const [i, a] of (Array.isArray(test.assert) ? test.assert : []).entries()) {
      const m = isObj(a)
        ? mapAssert(loadAssertFiles(a, read, unmapped), rowDefaults)
        : { ok: false as const, reason: 'an assertion that is not a mapping' }
      if (m.ok) rowGraders.push(m.grader)
      else {
        unmapped.add(m.reason)
        problems.push({ where: `${where} assert ${i + 1}`, message: `not graded: ${m.reason}` })
      }
    }
    const vars = expandVars({ ...defaultVars, ...(isObj(test.vars) ? test.vars : {}) }, read, unmapped, where)
    for (const v of vars) {
      const rec: Obj = { ...v }
      if (typeof test.description === 'string') rec.__description = test.description
      b.add(rec, line, rowGraders)
    }
  }
  for (const [i, t] of testList.entries()) {
    const ref = fileRef(t)
    if (ref === null) {
      addTest(t, `test ${testNo + 1}`, i + 1)
      continue
    }
    const text = /[*?]/.test(ref) ? null : read(ref)
    if (text === null) {
      problems.push({
        where: `tests ${ref}`,
        message: /[*?]/.test(ref) ? 'globs are not read: name each file' : 'file not found',
      })
      unmapped.add(`tests ${ref}`)
      continue
    }
    const ext = ref.toLowerCase().split('.').pop()
    if (ext === 'csv' || ext === 'jsonl') {
      const sub = ext === 'csv' ? readCsv(text, defaults) : readJsonl(text, defaults)
      for (const u of sub.unmapped) unmapped.add(u)
      for (const p of sub.problems)
        problems.push({
          where: `${ref} line ${p.line}${p.field ? `, field ${p.field}` : ''}`,
          message: p.message,
        })
      for (const row of sub.dataset.rows) {
        const rec: Obj = {}
        for (const [k, v] of Object.entries(defaultVars)) rec[k] = v
        sub.dataset.columns.forEach((c, ci) => (rec[c] = row.cells[ci]))
        if (row.description) rec.__description = row.description
        b.add(rec, 0, row.graders ?? [])
      }
      continue
    }
    const parsed = readStructured(ref, read)
    if (!parsed.ok) {
      problems.push({ where: `tests ${ref}`, message: parsed.message })
      continue
    }
    const list = Array.isArray(parsed.value) ? parsed.value : [parsed.value]
    list.forEach((test, j) => addTest(test, `${ref} test ${j + 1}`, j + 1))
  }
  for (const p of b.problems)
    problems.push({
      where: p.line ? `test ${p.line}` : 'tests',
      message: `${p.field ? `${p.field}: ` : ''}${p.message}`,
    })
  for (const u of b.unmapped) unmapped.add(u)
  const dataset = b.result().dataset
  if (dataset.rows.length === 0) dataset.rows.push({ cells: dataset.columns.map(() => '') })
  const evaluateOptions = isObj(config.evaluateOptions) ? config.evaluateOptions : {}
  for (const key of Object.keys(evaluateOptions))
    if (key !== 'maxConcurrency') unmapped.add(`evaluateOptions ${key}`)
  const concurrency =
    typeof evaluateOptions.maxConcurrency === 'number'
      ? Math.max(1, Math.min(64, Math.round(evaluateOptions.maxConcurrency)))
      : undefined
  return {
    ok: true,
    plan: {
      name:
        typeof config.description === 'string' && config.description.trim()
          ? config.description.trim().slice(0, 200)
          : 'promptfoo config',
      prompts,
      variants,
      dataset,
      graders,
      ...(concurrency ? { concurrency } : {}),
      unmapped: [...unmapped],
      problems,
    },
  }
}
