// A finished eval run as main keeps it on disk (plan, meta and cells written through EvalRunFiles), of any size,
// without running it: row r on column c passes unless r % 7 === c, scores and times follow the row, so every
// figure of a column is known; rows past `ranRows` have no cells (not run). For the results' tests and bench.
import { EvalRunFiles } from '../../src/main/services/evals/evalRunFiles'
import type { EvalCellView } from '../../src/shared/ipc/evals'

export interface KeptRunShape {
  evalId: string
  rows: number
  columns: number
  /** Rows with cells (the rest were not run); all by default. */
  ranRows?: number
  /** Characters of each answer. */
  answerChars?: number
}

export function keptCell(row: number, column: number, answerChars = 20): EvalCellView {
  const pass = row % 7 !== column
  return {
    row,
    column,
    status: pass ? 'pass' : 'fail',
    score: pass ? 1 : 0,
    runId: `run-${row}-${column}`,
    answer: `answer ${row}:${column} `.padEnd(answerChars, 'x'),
    grades: [{ kind: 'contains', pass, score: pass ? 1 : 0, message: pass ? 'found' : 'not found' }],
    error: null,
    ttftMs: 100 + (row % 100),
    totalMs: 500 + (row % 1000),
    costMicros: 10,
    currency: 'USD',
    gradingMicros: 0,
  }
}

export async function writeKeptRun(dataDir: string, shape: KeptRunShape): Promise<void> {
  const files = new EvalRunFiles(dataDir)
  const columns = Array.from({ length: shape.columns }, (_, c) => `chat:model-${c + 1}`)
  const ran = shape.ranRows ?? shape.rows
  await files.create(
    {
      evalId: shape.evalId,
      name: 'kept.csv',
      createdAt: Date.now(),
      endedAt: Date.now(),
      state: ran < shape.rows ? 'stopped' : 'done',
      error: null,
      columns,
      rowCount: shape.rows,
      size: shape.rows * shape.columns,
      concurrency: 4,
      profileId: 'profile-1',
      counts: null,
      cellsCut: false,
    },
    {
      name: 'kept.csv',
      prompts: [
        { label: 'prompt', messages: [{ role: 'user', parts: [{ type: 'text', text: 'Say {{word}}' }] }] },
      ],
      variants: columns.map((label, c) => ({
        label,
        format: 'chat',
        model: `model-${c + 1}`,
        profileId: 'profile-1',
        params: {},
      })),
      graders: [],
      dataset: {
        columns: ['word'],
        rows: Array.from({ length: shape.rows }, (_, r) => ({ cells: [`word ${r + 1}`] })),
      },
      unmapped: [],
      problems: [],
    },
    new Set(),
  )
  const writer = await files.cellWriter(shape.evalId)
  for (let r = 0; r < ran; r++)
    for (let c = 0; c < shape.columns; c++) writer.append(keptCell(r, c, shape.answerChars))
  await writer.close()
}
