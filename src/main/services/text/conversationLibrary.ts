// The Text panel's conversations, several and named, as main keeps them across restarts: an index
// (`conversations/index.json`: each conversation's name, times and size, and the one open), each conversation's
// turns in its own file (the first one's is `conversation.json`, as before there were several; the others'
// `conversations/<id>.json`), written by SavedConversation (debounced, atomic, bounded), and each one's form
// (conversationForms.ts). The turns live in the ConversationStore while used; one it let go is read back from its
// file when opened. Bounded in count (MAX_CONVERSATIONS: creating one more is refused in words, never by dropping
// one) and each conversation in size (its file's bound), so in total; a deletion can be undone while the app
// runs (the last MAX_UNDONE are held).
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { z } from 'zod'
import { DebouncedWrite } from '../debouncedWrite'
import { readDataFile } from '../dataFile'
import { AppError } from '../../../shared/ipc/result'
import { parseJsonBounded } from '../../../shared/jsonDepth'
import { TEXT_PANEL_CONVERSATION_ID, type ConversationView } from '../../../shared/ipc/text'
import {
  conversationEntrySchema,
  type ConversationEntry,
  type ConversationForm,
  type OpenedConversation,
} from '../../../shared/ipc/textConversations'
import type { DraftMessage } from '../../../shared/wire'
import type { ConversationStore } from './conversations'
import { ConversationForms, CONVERSATIONS_FOLDER } from './conversationForms'
import { SavedConversation } from './savedConversation'
import { turnsChars } from './turnSize'

export const MAX_CONVERSATIONS = 100
const MAX_UNDONE = 10
const TITLE_CHARS = 60
const UNTITLED = 'New conversation'

const indexSchema = z.object({
  version: z.literal(1),
  activeId: z.string().max(100),
  entries: z.array(conversationEntrySchema).max(MAX_CONVERSATIONS),
})

type Leaving = { id: string; form: ConversationForm } | undefined

interface Deleted {
  entry: ConversationEntry
  turns: DraftMessage[]
  form: ConversationForm | null
}

export interface LibraryOptions {
  /** The first conversation's saver (its file, its debounce and bound); the others' are made like it. */
  first: SavedConversation
  debounceMs?: number
  maxConversations?: number
  log?: (message: string) => void
}

export class ConversationLibrary {
  private readonly entries = new Map<string, ConversationEntry>()
  private readonly savers = new Map<string, SavedConversation>()
  private readonly deleted = new Map<string, Deleted>()
  private readonly forms: ConversationForms
  private readonly dataDir: string
  private readonly max: number
  private activeId = TEXT_PANEL_CONVERSATION_ID
  /** Turns read back from a file into the store are not a change to save. */
  private loading = false
  private lastStamp = 0
  private readonly index: DebouncedWrite

  constructor(
    private readonly store: ConversationStore,
    private readonly options: LibraryOptions,
  ) {
    this.dataDir = options.first.dataDir
    this.forms = new ConversationForms(this.dataDir)
    this.max = options.maxConversations ?? MAX_CONVERSATIONS
    this.savers.set(TEXT_PANEL_CONVERSATION_ID, options.first)
    this.index = new DebouncedWrite(this.indexPath(), {
      debounceMs: options.debounceMs,
      what: 'the list of Text conversations',
      log: options.log,
    })
  }

  get active(): string {
    return this.activeId
  }

  has(id: string): boolean {
    return this.entries.has(id)
  }

  /** Reads the index back (at start); without one, the first conversation is the only one, and open. */
  async start(): Promise<void> {
    const path = this.indexPath()
    const read = await readDataFile(this.dataDir, path, 1024 * 1024).catch(() => null)
    if (read?.ok) {
      try {
        const index = indexSchema.parse(parseJsonBounded(read.text))
        for (const entry of index.entries)
          if (/^[\w-]{1,100}$/.test(entry.id)) {
            this.entries.set(entry.id, entry)
            this.lastStamp = Math.max(this.lastStamp, entry.updatedAt)
          }
        this.activeId = index.activeId
      } catch {
        this.options.log?.('the list of Text conversations could not be read; it starts again from the first')
      }
    } else if (read && read.reason !== 'missing')
      this.options.log?.(`the list of Text conversations: ${read.message}`)
    if (this.entries.size === 0) {
      const now = Date.now()
      this.entries.set(TEXT_PANEL_CONVERSATION_ID, entryFor(TEXT_PANEL_CONVERSATION_ID, now))
    }
    if (!this.entries.has(this.activeId)) this.activeId = this.newest()!.id
  }

  /** A change of a conversation's turns (from the store): its entry follows, and its file is written soon. */
  changed(id: string, turns: readonly DraftMessage[]): void {
    const entry = this.entries.get(id)
    if (this.loading || !entry) return
    this.entries.set(id, { ...describe(entry, turns), updatedAt: this.stamp() })
    this.saver(id).save(turns)
    this.saveIndex()
  }

  /** The conversation's view from its first turn, read back from its file when the store let it go. */
  async view(id: string): Promise<ConversationView> {
    if (this.store.has(id)) return this.store.current(id)
    const turns = await this.saver(id).read()
    if (this.store.has(id)) return this.store.current(id)
    this.loading = true
    try {
      this.store.edit(id, { type: 'load', turns })
    } finally {
      this.loading = false
    }
    return this.store.current(id)
  }

  list(query?: string): Promise<{
    entries: ConversationEntry[]
    activeId: string
    bounds: { count: number; maxCount: number }
  }> {
    return this.matching(query).then((entries) => ({
      entries,
      activeId: this.activeId,
      bounds: { count: this.entries.size, maxCount: this.max },
    }))
  }

  async switchTo(id: string, leaving: Leaving): Promise<OpenedConversation> {
    if (!this.entries.has(id)) throw unknown(id)
    await this.keepForm(leaving)
    this.activeId = id
    this.saveIndex()
    return this.opened(id)
  }

  async create(input: {
    title?: string
    from?: { id: string; turns?: number }
    form?: ConversationForm
    leaving: Leaving
  }): Promise<OpenedConversation> {
    if (this.entries.size >= this.max)
      throw new AppError(
        'TEXT_CONVERSATIONS_FULL',
        `${this.max} conversations are kept, the most there can be: delete one before starting another.`,
      )
    if (input.from && !this.entries.has(input.from.id)) throw unknown(input.from.id)
    if (input.form) this.forms.check(input.form)
    await this.keepForm(input.leaving)
    const turns = input.from ? (await this.turnsOf(input.from.id)).slice(0, input.from.turns) : []
    const form = input.form ?? (input.from ? await this.forms.read(input.from.id) : null)
    const id = `conv-${randomUUID()}`
    const now = this.stamp()
    const entry = {
      ...describe(entryFor(id, now), turns),
      ...(input.title ? { title: input.title, named: true } : {}),
    }
    this.entries.set(id, entry)
    if (form) await this.forms.write(id, form)
    this.loading = true
    try {
      this.store.edit(id, { type: 'load', turns })
    } finally {
      this.loading = false
    }
    this.saver(id).save(turns)
    this.activeId = id
    this.saveIndex()
    return { view: this.store.current(id), form, entry }
  }

  rename(id: string, title: string): ConversationEntry {
    const entry = this.entries.get(id)
    if (!entry) throw unknown(id)
    const renamed = { ...entry, title: title.slice(0, 200), named: true }
    this.entries.set(id, renamed)
    this.saveIndex()
    return renamed
  }

  async remove(id: string, leaving: Leaving): Promise<{ undoToken: string; opened?: OpenedConversation }> {
    const entry = this.entries.get(id)
    if (!entry) throw unknown(id)
    if (leaving && leaving.id !== id) await this.keepForm(leaving)
    const turns = await this.turnsOf(id)
    const form = id === leaving?.id ? leaving.form : await this.forms.read(id)
    this.entries.delete(id)
    this.store.forget(id)
    await this.saver(id).discard()
    if (id !== TEXT_PANEL_CONVERSATION_ID) this.savers.delete(id)
    await this.forms.remove(id)
    const undoToken = randomUUID()
    this.deleted.set(undoToken, { entry, turns, form })
    for (const token of this.deleted.keys()) {
      if (this.deleted.size <= MAX_UNDONE) break
      this.deleted.delete(token)
    }
    let opened: OpenedConversation | undefined
    if (id === this.activeId) {
      const next = this.newest()
      opened = next ? await this.switchTo(next.id, undefined) : await this.create({ leaving: undefined })
    }
    this.saveIndex()
    return opened ? { undoToken, opened } : { undoToken }
  }

  /** Brings a deleted conversation back (not opened): its turns, its form, its name and times. */
  async restore(undoToken: string): Promise<ConversationEntry> {
    const gone = this.deleted.get(undoToken)
    if (!gone)
      throw new AppError('TEXT_CONVERSATION_GONE', 'That deleted conversation can no longer be brought back.')
    if (this.entries.size >= this.max)
      throw new AppError(
        'TEXT_CONVERSATIONS_FULL',
        `${this.max} conversations are kept, the most there can be: delete one before bringing this one back.`,
      )
    this.deleted.delete(undoToken)
    const { entry, turns, form } = gone
    this.entries.set(entry.id, entry)
    if (form) await this.forms.write(entry.id, form)
    this.saver(entry.id).save(turns)
    this.saveIndex()
    return entry
  }

  /** Writes every pending change now (the app is closing). */
  async flush(): Promise<void> {
    await Promise.all([...this.savers.values()].map((s) => s.flush()))
    await this.index.flush()
  }

  private async opened(id: string): Promise<OpenedConversation> {
    return { view: await this.view(id), form: await this.forms.read(id), entry: this.entries.get(id)! }
  }

  private async keepForm(leaving: Leaving): Promise<void> {
    if (leaving && this.entries.has(leaving.id)) await this.forms.write(leaving.id, leaving.form)
  }

  private async turnsOf(id: string): Promise<DraftMessage[]> {
    if (this.store.has(id)) return [...this.store.turns({ id })]
    return this.saver(id).read()
  }

  private async matching(query: string | undefined): Promise<ConversationEntry[]> {
    const all = [...this.entries.values()].sort((a, b) => b.updatedAt - a.updatedAt)
    const words = (query ?? '').toLowerCase().split(/\s+/).filter(Boolean)
    if (words.length === 0) return all
    const found: ConversationEntry[] = []
    for (const entry of all) {
      const title = entry.title.toLowerCase()
      let missing = words.filter((w) => !title.includes(w))
      if (missing.length > 0 && entry.turns > 0) {
        const text = textOf(await this.turnsOf(entry.id)).toLowerCase()
        missing = missing.filter((w) => !text.includes(w))
      }
      if (missing.length === 0) found.push(entry)
    }
    return found
  }

  /** Now, in ms, later than every stamp before it (the list's order never ties). */
  private stamp(): number {
    this.lastStamp = Math.max(Date.now(), this.lastStamp + 1)
    return this.lastStamp
  }

  private newest(): ConversationEntry | undefined {
    let newest: ConversationEntry | undefined
    for (const entry of this.entries.values())
      if (!newest || entry.updatedAt > newest.updatedAt) newest = entry
    return newest
  }

  private saver(id: string): SavedConversation {
    let saver = this.savers.get(id)
    if (!saver) {
      saver = new SavedConversation(this.dataDir, {
        file: join(CONVERSATIONS_FOLDER, `${id}.json`),
        ...(this.options.debounceMs !== undefined ? { debounceMs: this.options.debounceMs } : {}),
        ...(this.options.log ? { log: this.options.log } : {}),
      })
      this.savers.set(id, saver)
    }
    return saver
  }

  private indexPath(): string {
    return join(this.dataDir, CONVERSATIONS_FOLDER, 'index.json')
  }

  private saveIndex(): void {
    this.index.schedule(() =>
      JSON.stringify({ version: 1, activeId: this.activeId, entries: [...this.entries.values()] }),
    )
  }
}

function entryFor(id: string, now: number): ConversationEntry {
  return { id, title: UNTITLED, named: false, createdAt: now, updatedAt: now, turns: 0, chars: 2 }
}

/** The entry for these turns: their count and size, and (unless the user named it) its first message as title. */
function describe(entry: ConversationEntry, turns: readonly DraftMessage[]): ConversationEntry {
  const first = turns.find((t) => t.role === 'user')
  const said = first ? textOf([first]).replace(/\s+/g, ' ').trim() : ''
  const title = entry.named
    ? entry.title
    : said
      ? said.length > TITLE_CHARS
        ? `${said.slice(0, TITLE_CHARS)}…`
        : said
      : UNTITLED
  return { ...entry, title, turns: turns.length, chars: turnsChars(turns) }
}

function textOf(turns: readonly DraftMessage[]): string {
  return turns.flatMap((t) => t.parts.map((p) => (p.type === 'text' ? p.text : ''))).join('\n')
}

const unknown = (id: string) =>
  new AppError(
    'TEXT_CONVERSATION_UNKNOWN',
    `id: no conversation ${id.slice(0, 40)} is kept (it was deleted).`,
  )
