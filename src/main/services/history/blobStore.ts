// The history's long texts (answers, prompts, bodies as sent, drafts, results) kept compactly: each text once
// (keyed by a SHA-256 of its bytes, with a count of the runs that use it, so the same body sent a thousand times by
// a load test is stored once) and compressed with deflate when that makes it smaller. Texts are read back whole;
// a count that reaches zero drops the text in the same transaction as the run that let it go.
import { createHash } from 'node:crypto'
import { deflateRawSync, inflateRawSync } from 'node:zlib'
import type { Database, Statement } from 'node-sqlite3-wasm'
import { first } from './statements'

/** Texts shorter than this are stored as they are (deflate cannot win back its own framing). */
const COMPRESS_FROM = 96
const PLAIN = 0
const DEFLATE = 1

export interface BlobTotals {
  texts: number
  /** UTF-8 bytes of every text as written, once per run that uses it. */
  logicalBytes: number
  /** Bytes kept after deduplication and compression. */
  storedBytes: number
}

export class BlobStore {
  private readonly find: Statement
  private readonly addRef: Statement
  private readonly insert: Statement
  private readonly read: Statement
  private readonly dropRef: Statement
  private readonly drop: Statement
  private readonly count: Statement

  constructor(private readonly db: Database) {
    this.find = db.prepare('SELECT id FROM history_blobs WHERE hash = ?')
    this.addRef = db.prepare('UPDATE history_blobs SET refs = refs + 1 WHERE id = ?')
    this.insert = db.prepare(
      'INSERT INTO history_blobs (hash, codec, raw_bytes, data, refs) VALUES (?, ?, ?, ?, 1)',
    )
    this.read = db.prepare('SELECT codec, data FROM history_blobs WHERE id = ?')
    this.dropRef = db.prepare(
      'UPDATE history_blobs SET refs = refs - 1 WHERE id = ? RETURNING refs, raw_bytes',
    )
    this.drop = db.prepare(
      'DELETE FROM history_blobs WHERE id = ? RETURNING raw_bytes, length(data) AS stored',
    )
    // Kept as running totals: summing a million texts' sizes would read every page of the table.
    this.count = db.prepare(
      'UPDATE history_totals SET texts = texts + ?, logical_bytes = logical_bytes + ?, stored_bytes = stored_bytes + ? WHERE id = 1',
    )
  }

  /** Stores a text (or counts one more use of the same text); answers its id, null for null. */
  put(text: string | null): number | null {
    if (text === null) return null
    const raw = Buffer.from(text, 'utf8')
    const hash = createHash('sha256').update(raw).digest().subarray(0, 16)
    const found = first(this.find, [hash]) as { id: number } | null
    if (found) {
      this.addRef.run([found.id])
      this.count.run([0, raw.length, 0])
      return found.id
    }
    let codec = PLAIN
    let data: Uint8Array = raw
    if (raw.length >= COMPRESS_FROM) {
      const packed = deflateRawSync(raw, { level: 6 })
      if (packed.length < raw.length) {
        codec = DEFLATE
        data = packed
      }
    }
    this.count.run([1, raw.length, data.length])
    return Number(this.insert.run([hash, codec, raw.length, data]).lastInsertRowid)
  }

  get(id: number | null): string | null {
    if (id === null) return null
    const row = first(this.read, [id]) as { codec: number; data: Uint8Array } | null
    if (!row) return null
    const bytes = row.codec === DEFLATE ? inflateRawSync(row.data) : row.data
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')
  }

  /** One use fewer of each text; a text no run uses any more is dropped. */
  release(ids: readonly (number | null)[]): void {
    for (const id of ids) {
      if (id === null) continue
      const left = first(this.dropRef, [id]) as { refs: number; raw_bytes: number } | null
      if (!left) continue
      if (left.refs > 0) {
        this.count.run([0, -left.raw_bytes, 0])
        continue
      }
      const gone = first(this.drop, [id]) as { raw_bytes: number; stored: number } | null
      if (gone) this.count.run([-1, -gone.raw_bytes, -gone.stored])
    }
  }

  totals(): BlobTotals {
    const row = this.db.get(
      'SELECT texts, logical_bytes AS logical, stored_bytes AS stored FROM history_totals WHERE id = 1',
    ) as { texts: number; logical: number; stored: number } | null
    return { texts: row?.texts ?? 0, logicalBytes: row?.logical ?? 0, storedBytes: row?.stored ?? 0 }
  }

  close(): void {
    for (const s of [this.find, this.addRef, this.insert, this.read, this.dropRef, this.drop, this.count])
      if (!s.isFinalized) s.finalize()
  }
}
