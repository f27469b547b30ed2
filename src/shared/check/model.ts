// The Gateway check's results as data: one cell per probe and subject (a model in a format, an embedding or
// rerank model, a video family, a console task), its outcome in words, the deviations from the spec it found,
// and its speed. The report is what the panel shows, the CLI prints, History keeps and exports hold; it never
// carries a key (exchanges are referenced by id and were redacted when recorded).
import { z } from 'zod'
import { billedCostSchema } from '../cost/billed'

/**
 * supported: did what the probe asks, as the spec says; refused: the gateway said no in the spec's own shape
 * (or ignored the feature), a capability difference; deviating: answered, but not as the spec says;
 * failed: could not be checked (network, 5xx, 429, a cut body); stopped: not run because the check was
 * stopped; skipped: does not apply to this subject.
 */
export const CHECK_STATUSES = ['supported', 'refused', 'deviating', 'failed', 'stopped', 'skipped'] as const
export type CheckStatus = (typeof CHECK_STATUSES)[number]

export const PROBE_GROUPS = ['text', 'embeddings', 'rerank', 'video', 'images'] as const
export type ProbeGroup = (typeof PROBE_GROUPS)[number]

/** Groups that cost money and run only when the user ticks them. */
export const PAID_GROUPS = ['video', 'images'] as const
export type PaidGroup = (typeof PAID_GROUPS)[number]

export const checkCellSchema = z.object({
  /** `<probe id>@<subject>`: stable across runs, so two reports diff cell by cell. */
  key: z.string(),
  probeId: z.string(),
  group: z.enum(PROBE_GROUPS),
  /** The matrix row: `chat · gpt-4o`, `embeddings · text-embedding-3-small`, `video · famA-2`. */
  subject: z.string(),
  model: z.string(),
  /** The wire format or endpoint family the probe speaks. */
  format: z.string(),
  status: z.enum(CHECK_STATUSES),
  /** In words: what was seen (the gateway's error for a refusal, why a cell failed or was skipped). */
  detail: z.string(),
  /** Each deviation from the spec, named ("stream ended without a terminal event"). */
  deviations: z.array(z.string()),
  ttftMs: z.number().nullable(),
  tokensPerSecond: z.number().nullable(),
  totalMs: z.number().nullable(),
  /** Recorded exchanges of this cell, in order (main keeps them; the Inspector pages through them). */
  exchangeIds: z.array(z.string()),
  /** The cell's History record, when it made one. */
  runId: z.string().nullable(),
  /**
   * Set on a text row's plain cell when the gateway said the model is not there: the row's one verdict (its
   * other cells were not run), shown in place of the row's cells.
   */
  unavailable: z.boolean().optional(),
  /**
   * What the probe cost at the profile's prices, from the usage each answer reported (or why it is not known);
   * null when it sent nothing. Absent in reports written before costs were kept.
   */
  cost: billedCostSchema.nullable().optional(),
})
export type CheckCell = z.infer<typeof checkCellSchema>

export const checkReportSchema = z.object({
  version: z.literal(1),
  checkId: z.string(),
  /** Profile name and base URL; never a key. */
  profile: z.string(),
  baseUrl: z.string(),
  startedAt: z.number(),
  endedAt: z.number().nullable(),
  stopped: z.boolean(),
  models: z.array(z.string()),
  include: z.array(z.enum(PAID_GROUPS)),
  cells: z.array(checkCellSchema),
})
export type CheckReport = z.infer<typeof checkReportSchema>

export interface CheckCounts {
  supported: number
  refused: number
  deviating: number
  failed: number
  stopped: number
  skipped: number
}

export function countCells(cells: readonly Pick<CheckCell, 'status'>[]): CheckCounts {
  const counts: CheckCounts = { supported: 0, refused: 0, deviating: 0, failed: 0, stopped: 0, skipped: 0 }
  for (const c of cells) counts[c.status]++
  return counts
}

/**
 * The CLI's verdict: 1 when any cell deviates from the spec or could not be checked, 0 when the cells differ
 * only in capabilities (refused or skipped).
 */
export function exitCodeOf(cells: readonly Pick<CheckCell, 'status'>[]): 0 | 1 {
  return cells.some((c) => c.status === 'deviating' || c.status === 'failed' || c.status === 'stopped')
    ? 1
    : 0
}
