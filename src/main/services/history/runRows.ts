// A run as a row of the compact layout: the narrow row (what lists, filters and sums read), its long texts in the
// blob store, its words in the search index (now, or later by the deferred index) and its facts in the columns.
// Every write goes through here, so the four never drift apart; every text written is scrubbed of known secrets.
import type { Database, Statement } from 'node-sqlite3-wasm'
import type { HistoryRow, RunKind } from '../../../shared/ipc/history'
import type { BlobStore } from './blobStore'
import { first, type Sql } from './statements'
import type { RunRecord } from './ports'
import type { RunFact, RunFacts } from './runFacts'
import type { SearchTerms } from './searchTerms'
import { redactValue } from '../redact'

export const LIST_PROMPT_CHARS = 160
export const LIST_ANSWER_CHARS = 200

export type { Sql } from './statements'
/** A column's value as bound back into a statement. */
const v = (value: string | number | null | undefined) => value ?? null

/** The list's columns of a row. */
export const ROW_COLUMNS = `seq, id, created_at, kind, format, model, profile, status, ttft_ms, total_ms, input_tokens,
  output_tokens, cost_micros, cost_currency, cost_estimate, pinned, prompt_head, answer_head`

/** The columns the facts are loaded from. */
export const FACT_COLUMNS = `seq, created_at, kind, format, model, profile, status, ttft_ms, total_ms, input_tokens,
  output_tokens, cost_micros, cost_currency, pinned`

const BLOB_COLUMNS = ['prompt_blob', 'answer_blob', 'body_blob', 'draft_blob', 'result_blob'] as const

export function factOf(row: Sql): RunFact {
  return {
    rowid: row.seq as number,
    createdAt: row.created_at as number,
    kind: row.kind as string,
    format: row.format as string | null,
    model: row.model as string | null,
    profile: row.profile as string | null,
    status: row.status as string,
    ttftMs: row.ttft_ms as number | null,
    totalMs: row.total_ms as number | null,
    inputTokens: row.input_tokens as number | null,
    outputTokens: row.output_tokens as number | null,
    costMicros: row.cost_micros as number | null,
    currency: row.cost_currency as string | null,
    pinned: row.pinned === 1,
  }
}

export function toRow(row: Sql): HistoryRow {
  return {
    id: row.id as string,
    createdAt: row.created_at as number,
    kind: row.kind as RunKind,
    format: row.format as string | null,
    model: row.model as string | null,
    profile: row.profile as string | null,
    status: row.status as string,
    ttftMs: row.ttft_ms as number | null,
    totalMs: row.total_ms as number | null,
    outputTokens: row.output_tokens as number | null,
    cost:
      row.cost_micros === null || row.cost_micros === undefined
        ? null
        : {
            micros: row.cost_micros as number,
            currency: (row.cost_currency as string | null) ?? 'USD',
            estimate: row.cost_estimate === 1,
          },
    pinned: row.pinned === 1,
    prompt: (row.prompt_head as string | null) ?? '',
    answer: (row.answer_head as string | null) ?? '',
  }
}

export class RunRows {
  private readonly byId: Statement
  private readonly insert: Statement
  private readonly update: Statement
  private readonly grow: Statement
  private readonly index: Statement
  private readonly unindex: Statement

  constructor(
    private readonly db: Database,
    private readonly blobs: BlobStore,
    private readonly facts: RunFacts,
    private readonly redact: (text: string) => string,
    private readonly terms: SearchTerms,
  ) {
    this.byId = db.prepare(
      `SELECT seq, pinned, fts_pending, capture, ${BLOB_COLUMNS.join(', ')} FROM history_runs WHERE id = ?`,
    )
    const columns = `id, created_at, kind, format, model, profile, status, ttft_ms, total_ms, input_tokens,
      output_tokens, cost_micros, cost_currency, cost_estimate, pinned, prompt_head, answer_head, answer_chars,
      prompt_blob, answer_blob, body_blob, draft_blob, result_blob, error, capture, fts_pending`
    this.insert = db.prepare(
      `INSERT INTO history_runs (${columns}) VALUES (${columns
        .split(',')
        .map(() => '?')
        .join(', ')}) RETURNING seq`,
    )
    this.update = db.prepare(
      `UPDATE history_runs SET (${columns}) = (${columns
        .split(',')
        .map(() => '?')
        .join(', ')}) WHERE seq = ?`,
    )
    this.grow = db.prepare(
      `UPDATE history_runs SET answer_head = ?, answer_chars = ?, answer_blob = ?, result_blob = ?, model = ?,
        ttft_ms = ?, total_ms = ?, input_tokens = ?, output_tokens = ?, cost_micros = ?, cost_currency = ?,
        cost_estimate = ? WHERE seq = ?`,
    )
    this.index = db.prepare('INSERT INTO history_words (rowid, prompt, answer) VALUES (?, ?, ?)')
    this.unindex = db.prepare('DELETE FROM history_words WHERE rowid = ?')
  }

  private json(value: unknown): string | null {
    return value === undefined || value === null ? null : JSON.stringify(redactValue(value, this.redact))
  }

  /**
   * Writes a run whole (a new one, or over the one with its id, which keeps its place and pin); with `indexNow`
   * its words go into the search index in the same transaction, else they are left to the deferred index.
   * Answers the row's seq. The caller holds the transaction.
   */
  write(run: RunRecord, capture: string | null, indexNow: boolean): number {
    const r = this.redact
    const prompt = r(run.prompt)
    const answer = r(run.answer)
    const old = first(this.byId, [run.id]) as Sql | null
    const pinned = old ? old.pinned === 1 : run.pinned === true
    const values = [
      run.id,
      run.createdAt,
      run.kind,
      run.format,
      run.model,
      run.profile,
      run.status,
      run.ttftMs,
      run.totalMs,
      run.inputTokens,
      run.outputTokens,
      run.cost ? Math.round(run.cost.micros) : null,
      run.cost?.currency ?? null,
      run.cost ? (run.cost.estimate ? 1 : 0) : null,
      pinned ? 1 : 0,
      prompt.slice(0, LIST_PROMPT_CHARS),
      answer.slice(0, LIST_ANSWER_CHARS),
      answer.length,
      this.blobs.put(prompt),
      this.blobs.put(answer),
      run.requestBody === null ? null : this.blobs.put(r(run.requestBody)),
      this.blobs.put(this.json(run.draft)),
      this.blobs.put(this.json(run.result)),
      run.error === null ? null : r(run.error),
      capture,
      indexNow ? 0 : 1,
    ]
    let seq: number
    if (old) {
      seq = old.seq as number
      if (old.fts_pending === 0) this.unindex.run([seq])
      this.update.run([...values, seq])
      this.blobs.release(BLOB_COLUMNS.map((c) => old[c] as number | null))
    } else {
      seq = (first(this.insert, values) as { seq: number }).seq
    }
    if (indexNow) this.indexWords(seq, prompt, answer)
    this.facts.put(factOf({ seq, ...rowValues(values) }))
    return seq
  }

  /** Rewrites what grows of a run still going (answer, result, measures); answers false when it has no row yet. */
  grown(run: RunRecord): boolean {
    const old = first(this.byId, [run.id]) as Sql | null
    if (!old) return false
    const answer = this.redact(run.answer)
    const answerBlob = this.blobs.put(answer)
    const resultBlob = this.blobs.put(this.json(run.result))
    this.grow.run([
      answer.slice(0, LIST_ANSWER_CHARS),
      answer.length,
      answerBlob,
      resultBlob,
      run.model,
      run.ttftMs,
      run.totalMs,
      run.inputTokens,
      run.outputTokens,
      run.cost ? Math.round(run.cost.micros) : null,
      run.cost?.currency ?? null,
      run.cost ? (run.cost.estimate ? 1 : 0) : null,
      v(old.seq),
    ])
    this.blobs.release([old.answer_blob as number | null, old.result_blob as number | null])
    const row = this.db.get(`SELECT ${FACT_COLUMNS} FROM history_runs WHERE seq = ?`, [v(old.seq)]) as Sql
    this.facts.put(factOf(row))
    return true
  }

  /** Deletes the runs with these ids; answers how many and the capture files they named. */
  remove(ids: readonly string[]): { deleted: number; captures: string[] } {
    let deleted = 0
    const captures: string[] = []
    for (const id of ids) {
      const old = first(this.byId, [id]) as Sql | null
      if (!old) continue
      const seq = old.seq as number
      if (old.fts_pending === 0) this.unindex.run([seq])
      deleted += this.db.run('DELETE FROM history_runs WHERE seq = ?', [seq]).changes
      this.blobs.release(BLOB_COLUMNS.map((c) => old[c] as number | null))
      if (old.capture) captures.push(old.capture as string)
      this.facts.remove(seq)
    }
    return { deleted, captures }
  }

  /** Puts committed rows' words in the search index; answers how many. The caller holds the transaction. */
  indexPending(where: string): number {
    const rows = this.db.all(
      `SELECT seq, prompt_blob, answer_blob FROM history_runs WHERE ${where} ORDER BY seq LIMIT 5000`,
    ) as Sql[]
    for (const row of rows) {
      const prompt = this.blobs.get(row.prompt_blob as number | null) ?? ''
      const answer = this.blobs.get(row.answer_blob as number | null) ?? ''
      this.indexWords(row.seq as number, prompt, answer)
      this.db.run('UPDATE history_runs SET fts_pending = 0 WHERE seq = ?', [v(row.seq)])
    }
    return rows.length
  }

  /** A transaction that indexed runs was rolled back: words noted as written may not be. */
  rolledBack(): void {
    this.terms.forget()
  }

  private indexWords(seq: number, prompt: string, answer: string): void {
    this.index.run([seq, prompt, answer])
    this.terms.add(prompt)
    this.terms.add(answer)
  }

  close(): void {
    for (const s of [this.byId, this.insert, this.update, this.grow, this.index, this.unindex])
      if (!s.isFinalized) s.finalize()
  }
}

/** The written values by column name (the order of `write`'s values). */
function rowValues(values: unknown[]): Sql {
  const names = [
    'id',
    'created_at',
    'kind',
    'format',
    'model',
    'profile',
    'status',
    'ttft_ms',
    'total_ms',
    'input_tokens',
    'output_tokens',
    'cost_micros',
    'cost_currency',
    'cost_estimate',
    'pinned',
  ]
  const row: Sql = {}
  names.forEach((name, i) => (row[name] = values[i] as string | number | null))
  return row
}
