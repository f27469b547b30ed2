// One tool server's log: its JSON-RPC messages both ways, its stderr by line and the app's notes, in a ring of
// bounded entries (the oldest go first), each numbered so a window reads what is new since the last it saw. Text
// is scrubbed of the server's secret values before it is kept; stderr's partial last line is held until its end
// (bounded too).
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import type { LogEntry } from '../../../shared/tools/catalog'
import { TOOL_SERVER_BOUNDS } from '../../../shared/tools/serverConfig'

export interface LogOptions {
  entries?: number
  entryChars?: number
  /** Replaces secret values in a text. */
  scrub: (text: string) => string
  /** Each new entry (the service coalesces them for watching windows). */
  appended?: (entry: LogEntry) => void
}

const cut = (text: string, max: number) =>
  text.length <= max
    ? text
    : `${text.slice(0, max)}… (${text.length.toLocaleString('en-US')} characters in all)`

export class ServerLog {
  private ring: LogEntry[] = []
  private seq = 0
  private partial = ''
  private readonly max: number
  private readonly entryChars: number

  constructor(private readonly options: LogOptions) {
    this.max = options.entries ?? TOOL_SERVER_BOUNDS.logEntries
    this.entryChars = options.entryChars ?? TOOL_SERVER_BOUNDS.logEntryChars
  }

  get lastSeq(): number {
    return this.seq
  }

  note(text: string, tag?: string): void {
    this.add({ kind: 'note', text, bytes: text.length, ...(tag ? { tag } : {}) })
  }

  message(kind: 'sent' | 'received', message: JSONRPCMessage, tag?: string): void {
    const text = JSON.stringify(message)
    const m = message as { method?: string; id?: string | number }
    this.add({
      kind,
      text,
      bytes: Buffer.byteLength(text),
      ...(m.method ? { method: m.method } : {}),
      ...(m.id !== undefined ? { rpcId: m.id } : {}),
      ...(tag ? { tag } : {}),
    })
  }

  stderr(chunk: string): void {
    const lines = (this.partial + chunk).split('\n')
    this.partial = lines.pop() ?? ''
    if (this.partial.length > this.entryChars) {
      lines.push(this.partial)
      this.partial = ''
    }
    for (const line of lines)
      if (line.trim() !== '') this.add({ kind: 'stderr', text: line, bytes: line.length })
  }

  /** The end of stderr: its last line without a newline. */
  flushStderr(): void {
    if (this.partial.trim() !== '')
      this.add({ kind: 'stderr', text: this.partial, bytes: this.partial.length })
    this.partial = ''
  }

  /** Entries after `afterSeq`, oldest first, at most `limit`; `firstSeq` says what the ring still holds. */
  read(afterSeq: number, limit: number): { entries: LogEntry[]; firstSeq: number; lastSeq: number } {
    const from = this.ring.findIndex((e) => e.seq > afterSeq)
    const entries = from === -1 ? [] : this.ring.slice(from, from + limit)
    return { entries, firstSeq: this.ring[0]?.seq ?? this.seq + 1, lastSeq: this.seq }
  }

  /** A page of `read`, cut so its text stays far under the IPC bound. */
  page(afterSeq: number, limit: number): { entries: LogEntry[]; firstSeq: number; lastSeq: number } {
    const page = this.read(afterSeq, limit)
    let chars = 0
    const entries: LogEntry[] = []
    for (const e of page.entries) {
      chars += e.text.length + 100
      if (entries.length > 0 && chars > 150_000) break
      entries.push(e)
    }
    return { ...page, entries }
  }

  /** The last stderr lines, for a failure's message (what the server said before it went). */
  stderrTail(lines = 5): string {
    const tail = this.ring.filter((e) => e.kind === 'stderr').slice(-lines)
    return tail.map((e) => e.text.slice(0, 300)).join('\n')
  }

  /** The entries tagged with one of the model's tool calls. */
  tagged(tag: string): LogEntry[] {
    return this.ring.filter((e) => e.tag === tag)
  }

  private add(entry: Omit<LogEntry, 'seq' | 'at'>): void {
    const full: LogEntry = {
      ...entry,
      seq: ++this.seq,
      at: Date.now(),
      text: cut(this.options.scrub(entry.text), this.entryChars),
    }
    this.ring.push(full)
    if (this.ring.length > this.max) this.ring.splice(0, this.ring.length - this.max)
    this.options.appended?.(full)
  }
}
