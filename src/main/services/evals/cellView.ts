// A cell as it leaves the runner for the panel and the disk: its answer, error and each grade's message clipped
// to what one message carries (the whole answer is in the run's History record).
import { EVAL_TEXT_CHARS, type EvalCellView } from '../../../shared/ipc/evals'
import type { EvalCell } from './evalRunner'

export const clip = (text: string) =>
  text.length > EVAL_TEXT_CHARS ? `${text.slice(0, EVAL_TEXT_CHARS - 1)}…` : text

export function cellView(cell: EvalCell): EvalCellView {
  return {
    ...cell,
    answer: clip(cell.answer),
    error: cell.error === null ? null : clip(cell.error),
    grades: cell.grades.map((g) => ({
      kind: g.kind,
      pass: g.pass,
      score: g.score,
      message: clip(g.message),
      ...(g.runId ? { runId: g.runId } : {}),
    })),
  }
}
