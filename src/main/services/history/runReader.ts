// A stored run read back whole: its row with its long texts from the blob store and its capture from its file,
// for the run view (texts cut to what one IPC message carries, M1) and for export (every text whole).
import type { HistoryRun } from '../../../shared/ipc/history'
import type { BlobStore } from './blobStore'
import type { CaptureFiles } from './captures'
import { toRow } from './runRows'
import type { Sql } from './statements'

/** Answer and body characters one opened run carries over IPC (M1). */
const OPEN_TEXT_MAX = 60_000

export class RunReader {
  constructor(
    private readonly blobs: BlobStore,
    private readonly captures: CaptureFiles,
  ) {}

  async whole(row: Sql): Promise<HistoryRun> {
    const text = (column: string) => this.blobs.get(row[column] as number | null)
    const name = row.capture as string | null
    const capture = name ? await this.captures.read(name) : null
    return {
      ...toRow(row),
      inputTokens: row.input_tokens as number | null,
      prompt: cut(text('prompt_blob') ?? ''),
      answer: cut(text('answer_blob') ?? ''),
      draft: parse(text('draft_blob')),
      requestBody: row.body_blob === null ? null : cut(text('body_blob') ?? ''),
      result: parse(text('result_blob')),
      error: row.error as string | null,
      exchange: capture?.exchange ?? null,
      captureState: !name ? 'none' : capture ? 'kept' : 'expired',
    }
  }

  exported(row: Sql): Record<string, unknown> {
    const text = (column: string) => this.blobs.get(row[column] as number | null)
    return {
      ...toRow(row),
      inputTokens: row.input_tokens,
      prompt: text('prompt_blob') ?? '',
      answer: text('answer_blob') ?? '',
      requestBody: text('body_blob'),
      draft: parse(text('draft_blob')),
      result: parse(text('result_blob')),
      error: row.error,
      capture: row.capture,
    }
  }
}

function cut(text: string): string {
  return text.length <= OPEN_TEXT_MAX
    ? text
    : `${text.slice(0, OPEN_TEXT_MAX)}\n… (${text.length - OPEN_TEXT_MAX} more characters; export the run for all of it)`
}

function parse(value: string | null): unknown {
  if (value === null) return null
  try {
    return JSON.parse(value)
  } catch {
    return null
  }
}
