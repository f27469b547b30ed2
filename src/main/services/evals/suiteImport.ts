// A suite brought into the Evals panel from another tool: a promptfoo config with the files it names (picked
// together; a `file://` path is matched by its name among them, so nothing outside what the user picked is ever
// read), or an OpenAI Evals dataset (JSONL of `{"item": …}`) with its eval's graders file. The result is what the
// panel runs: one dataset whose every row carries the suite's graders beside its own, the first prompt as a system
// prompt and a user message, the suite's variants, and, by name, every problem and everything not mapped.
import type { Dataset } from '../../../shared/evals/dataset'
import type { EvalGrader } from '../../../shared/evals/graders'
import type { AssertDefaults } from '../../../shared/evals/promptfooAsserts'
import type { PromptTemplate, Variant } from '../../../shared/evals/plan'
import { readPromptfooConfig } from '../../../shared/evals/promptfooImport'
import { readOpenAiEvals } from '../../../shared/evals/openaiEvalsImport'

export type SuiteKind = 'promptfoo' | 'openai'

export interface SuiteFile {
  name: string
  text: string
}

export interface SuiteProblem {
  line: number
  field: string | null
  message: string
  /** Where, when it is not a line of the dataset (a promptfoo test, an assert, the graders file). */
  where?: string
}

export interface SuiteRead {
  name: string
  dataset: Dataset
  problems: SuiteProblem[]
  unmapped: string[]
  system: string
  user: string
  variants: { format: Variant['format']; model: string; temperature?: number; maxTokens?: number }[]
  /** How many graders the suite puts on every row (promptfoo's defaultTest, the OpenAI eval's criteria). */
  suiteGraders: number
}

const base = (path: string) => path.replace(/\\/g, '/').split('/').pop() ?? path
const isYaml = (name: string) => /\.ya?ml$/i.test(name)

/** Reads a suite, or says in words why it cannot be read at all. */
export function readSuite(
  kind: SuiteKind,
  files: readonly SuiteFile[],
  defaults: AssertDefaults,
): { ok: true; suite: SuiteRead } | { ok: false; message: string } {
  return kind === 'promptfoo' ? readPromptfoo(files, defaults) : readOpenAi(files, defaults)
}

function readPromptfoo(files: readonly SuiteFile[], defaults: AssertDefaults) {
  const configs = files.filter((f) => isYaml(f.name))
  if (configs.length !== 1)
    return {
      ok: false as const,
      message:
        configs.length === 0
          ? 'promptfoo: pick the promptfooconfig.yaml (with the files it names)'
          : `promptfoo: pick one config, not ${configs.length} (${configs.map((c) => c.name).join(', ')})`,
    }
  const config = configs[0]!
  // A `file://` path names one of the files picked with the config, by its name.
  const notPicked = new Set<string>()
  const read = (rel: string) => {
    const wanted = base(rel.replace(/^\.\//, ''))
    const text = files.find((f) => f !== config && base(f.name) === wanted)?.text ?? null
    if (text === null) notPicked.add(wanted)
    return text
  }
  const result = readPromptfooConfig(config.text, read, defaults)
  const missing = notPicked.size ? ` (not picked: ${[...notPicked].join(', ')})` : ''
  if (!result.ok)
    return { ok: false as const, message: `${config.name}: ${result.problems.join('; ')}${missing}` }
  const { plan } = result
  const unmapped = [...plan.unmapped]
  if (notPicked.size) unmapped.push(`files the config names but not picked: ${[...notPicked].join(', ')}`)
  if (plan.prompts.length > 1)
    unmapped.push(
      `prompts 2–${plan.prompts.length} (the panel runs the first; npm run cases -- --promptfoo runs them all)`,
    )
  const prompt = promptFields(plan.prompts[0], unmapped)
  return {
    ok: true as const,
    suite: {
      name: config.name,
      dataset: withSuiteGraders(plan.dataset, plan.graders),
      problems: plan.problems.map((p) => ({ line: 0, field: null, message: p.message, where: p.where })),
      unmapped,
      ...prompt,
      variants: plan.variants.map((v) => ({
        format: v.format,
        model: v.model,
        ...(v.params.temperature !== undefined ? { temperature: v.params.temperature } : {}),
        ...(v.params.maxTokens !== undefined ? { maxTokens: v.params.maxTokens } : {}),
      })),
      suiteGraders: plan.graders.length,
    },
  }
}

function readOpenAi(files: readonly SuiteFile[], defaults: AssertDefaults) {
  const data = files.filter((f) => /\.(jsonl|ndjson)$/i.test(f.name))
  const evals = files.filter((f) => /\.json$/i.test(f.name))
  if (data.length !== 1 || evals.length > 1 || data.length + evals.length !== files.length)
    return {
      ok: false as const,
      message:
        'OpenAI Evals: pick one dataset (.jsonl of {"item": …} lines) and, if you have it, the eval (.json with testing_criteria)',
    }
  const result = readOpenAiEvals(data[0]!.text, evals[0]?.text ?? null, defaults)
  const unmapped = [...result.unmapped]
  const prompt = result.prompt ? promptFields(result.prompt, unmapped) : { system: '', user: '' }
  return {
    ok: true as const,
    suite: {
      name: data[0]!.name,
      dataset: withSuiteGraders(result.read.dataset, result.graders),
      problems: [
        ...result.read.problems,
        ...result.problems.map((message) => ({ line: 0, field: null, message, where: evals[0]!.name })),
      ],
      unmapped,
      ...prompt,
      variants: [],
      suiteGraders: result.graders.length,
    },
  }
}

/** Every row checked by the suite's graders first, then its own (shared, not copied per row). */
function withSuiteGraders(dataset: Dataset, graders: readonly EvalGrader[]): Dataset {
  if (graders.length === 0) return dataset
  return {
    columns: dataset.columns,
    rows: dataset.rows.map((r) => ({ ...r, graders: [...graders, ...(r.graders ?? [])] })),
  }
}

/** The prompt as the panel's two fields: its system prompt and its last user turn (earlier turns are named). */
function promptFields(
  prompt: PromptTemplate | undefined,
  unmapped: string[],
): { system: string; user: string } {
  if (!prompt) return { system: '', user: '' }
  const text = (i: number) =>
    prompt.messages[i]!.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n')
  let last = -1
  prompt.messages.forEach((m, i) => {
    if (m.role === 'user') last = i
  })
  if (prompt.messages.length > 1 || last < 0)
    unmapped.push(`turns of prompt "${prompt.label}" other than its last user message`)
  return { system: prompt.system ?? '', user: last >= 0 ? text(last) : '' }
}
