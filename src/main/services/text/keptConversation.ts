// One conversation main keeps for a panel outside the Text panel's list: the Compare panel's carried turns (id
// `compare-panel`). Every change of its turns in the store is saved by a SavedConversation (debounced, atomic,
// bounded as the Text panel's are, written on close); it is read back into the store at start, and again when the
// store let it go as least recently used, before anything reads or changes it.
import type { ConversationView } from '../../../shared/ipc/text'
import type { DraftMessage } from '../../../shared/wire'
import type { ConversationStore } from './conversations'
import type { SavedConversation } from './savedConversation'

export class KeptConversation {
  /** Turns read back from the file into the store are not a change to save. */
  private loading = false
  /** The read back in progress, so two callers load the file once. */
  private reading: Promise<void> | null = null

  constructor(
    readonly id: string,
    private readonly store: ConversationStore,
    private readonly saved: SavedConversation,
  ) {}

  /** A change of a conversation's turns (from the store): this one's file is written soon. */
  changed(id: string, turns: readonly DraftMessage[]): void {
    if (id === this.id && !this.loading) this.saved.save(turns)
  }

  /** Makes sure the store holds the conversation, reading it back from its file when it does not. */
  held(): Promise<void> {
    if (this.store.has(this.id)) return Promise.resolve()
    this.reading ??= this.readBack().finally(() => (this.reading = null))
    return this.reading
  }

  /** The conversation's view from its first turn. */
  async view(): Promise<ConversationView> {
    await this.held()
    return this.store.current(this.id)
  }

  /** Writes a pending change now (the app is closing). */
  flush(): Promise<void> {
    return this.saved.flush()
  }

  private async readBack(): Promise<void> {
    const turns = await this.saved.read()
    if (this.store.has(this.id)) return
    this.loading = true
    try {
      this.store.edit(this.id, { type: 'load', turns })
    } finally {
      this.loading = false
    }
  }
}
