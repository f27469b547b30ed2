// An eval as data: prompts (templates with `{{variables}}`), variants (format, model and parameters, each run
// against every prompt), a dataset whose rows fill the variables, and the graders every row is checked with
// (beside each row's own). Imports (promptfoo, OpenAI Evals) produce a plan, the runner runs one, the panel edits
// one. `unmapped` lists by name what the source had that the plan does not carry.
import { z } from 'zod'
import { WIRE_FORMATS, type WireFormat } from '../format'
import { draftMessageSchema } from '../wire/draft'
import type { Dataset } from './dataset'
import type { EvalGrader } from './graders'

export const promptTemplateSchema = z.object({
  label: z.string().max(200),
  system: z.string().max(1_000_000).optional(),
  messages: z.array(draftMessageSchema).max(500),
  /** The prompt library's version this prompt is (`name@3`), when it came from there. */
  version: z.string().max(300).optional(),
})
export type PromptTemplate = z.infer<typeof promptTemplateSchema>

export const variantParamsSchema = z.object({
  temperature: z.number().optional(),
  topP: z.number().optional(),
  maxTokens: z.number().int().optional(),
  stream: z.boolean().optional(),
})

export const variantSchema = z.object({
  label: z.string().max(200),
  format: z.enum(WIRE_FORMATS),
  model: z.string().min(1, 'model: write a model id').max(200),
  profileId: z.string().max(100).optional(),
  params: variantParamsSchema.default({}),
})
export type Variant = z.infer<typeof variantSchema>

export interface EvalPlan {
  name: string
  prompts: PromptTemplate[]
  variants: Variant[]
  dataset: Dataset
  graders: EvalGrader[]
  concurrency?: number
  unmapped: string[]
  /** Rows left out or changed on the way in, by line (or test) and field. */
  problems: { where: string; message: string }[]
}

/** A column of the matrix: one prompt through one variant. */
export interface MatrixColumn {
  prompt: number
  variant: number
  label: string
}

export function matrixColumns(plan: Pick<EvalPlan, 'prompts' | 'variants'>): MatrixColumn[] {
  const columns: MatrixColumn[] = []
  plan.prompts.forEach((p, pi) =>
    plan.variants.forEach((v, vi) =>
      columns.push({
        prompt: pi,
        variant: vi,
        label: plan.prompts.length > 1 ? `${p.label} · ${v.label}` : v.label,
      }),
    ),
  )
  return columns
}

/** promptfoo's provider ids mapped to a format and model; null when the provider is not one of these. */
export function formatOfProvider(id: string): { format: WireFormat; model: string } | null {
  const rules: [string, WireFormat][] = [
    ['openai:chat:', 'chat'],
    ['openai:responses:', 'responses'],
    ['anthropic:messages:', 'messages'],
    ['google:', 'native'],
    ['vertex:', 'native'],
  ]
  for (const [prefix, format] of rules)
    if (id.startsWith(prefix) && id.length > prefix.length) return { format, model: id.slice(prefix.length) }
  // `openai:<model>` is chat, but `openai:embedding:…`, `openai:assistant:…` and the like are other kinds.
  const m = /^openai:([^:]+)$/.exec(id)
  return m ? { format: 'chat', model: m[1]! } : null
}
