// The windows that watch a tool server's log (the Settings page's log, the Inspector during a tool round): new
// entries reach them in batches about ten times a second, each entry's text cut short for the live view (the
// whole entry is read with tools.readLog), and at most a hundred entries a batch, so a server that floods its log
// costs a watching window a few small messages a second.
import type { Events } from '../../../shared/ipc/contract'
import type { LogEntry } from '../../../shared/tools/catalog'
import type { EventSink } from '../ports'

const BATCH_MS = 100
const BATCH_ENTRIES = 100
const LIVE_CHARS = 2000

export class LogWatchers {
  private readonly watching = new Map<string, { sink: EventSink<Events>; servers: Set<string> }>()
  private readonly pending = new Map<string, LogEntry[]>()
  private readonly skipped = new Map<string, number>()
  private timer: ReturnType<typeof setTimeout> | null = null

  set(senderId: string, sink: EventSink<Events>, serverId: string, watch: boolean): void {
    const w = this.watching.get(senderId) ?? { sink, servers: new Set<string>() }
    w.sink = sink
    if (watch) w.servers.add(serverId)
    else w.servers.delete(serverId)
    if (w.servers.size === 0) this.watching.delete(senderId)
    else this.watching.set(senderId, w)
  }

  appended(serverId: string, entry: LogEntry): void {
    if (![...this.watching.values()].some((w) => w.servers.has(serverId))) return
    const list = this.pending.get(serverId) ?? []
    list.push(
      entry.text.length > LIVE_CHARS ? { ...entry, text: `${entry.text.slice(0, LIVE_CHARS)}…` } : entry,
    )
    if (list.length > BATCH_ENTRIES) {
      list.shift()
      this.skipped.set(serverId, (this.skipped.get(serverId) ?? 0) + 1)
    }
    this.pending.set(serverId, list)
    this.timer ??= setTimeout(() => this.flush(), BATCH_MS)
  }

  private flush(): void {
    this.timer = null
    for (const [serverId, entries] of this.pending) {
      const skipped = this.skipped.get(serverId) ?? 0
      for (const [sender, w] of this.watching) {
        if (!w.sink.alive) {
          this.watching.delete(sender)
          continue
        }
        if (w.servers.has(serverId)) w.sink.emit('tools.logAppended', { serverId, entries, skipped })
      }
    }
    this.pending.clear()
    this.skipped.clear()
  }
}
