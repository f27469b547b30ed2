// What the command palette lists: the actions (with their shortcut), every panel, and every conversation; and how a
// search narrows them (every word typed, in any order, in the name or its group).
import type { ConversationEntry } from '../../../../shared/ipc/textConversations'
import type { PanelName } from './shortcuts'
import {
  clearConversation,
  focusMessageBox,
  importRequest,
  openConversationById,
  openInspector,
  openPanel,
  openTextInCompare,
  sendMessage,
  startNewConversation,
  stopAnswer,
} from './actions'

export type CommandGroup = 'Actions' | 'Panels' | 'Conversations'

export interface CommandItem {
  id: string
  group: CommandGroup
  label: string
  /** The shortcut's keys, shown beside it. */
  keys?: string[]
  /** Words that find it besides its label. */
  also?: string
  /** Does it; answers why it could not, in words, or null. */
  run(): Promise<string | null> | string | null
}

const done = (act: () => void) => () => {
  act()
  return null
}

export function actionItems(showHelp: () => void): CommandItem[] {
  const items: CommandItem[] = [
    {
      id: 'new',
      group: 'Actions',
      label: 'New conversation',
      keys: ['Mod', 'Shift', 'O'],
      also: 'chat start empty',
      run: startNewConversation,
    },
    {
      id: 'import',
      group: 'Actions',
      label: 'Import request…',
      also: 'paste curl sdk call openai anthropic gemini json body bring in',
      run: done(importRequest),
    },
    {
      id: 'send',
      group: 'Actions',
      label: 'Send the message',
      keys: ['Mod', 'Enter'],
      also: 'run request',
      run: sendMessage,
    },
    { id: 'stop', group: 'Actions', label: 'Stop the answer', keys: ['Esc'], also: 'cancel abort', run: stopAnswer },
    {
      id: 'focus',
      group: 'Actions',
      label: 'Go to the message box',
      keys: ['/'],
      also: 'type compose focus',
      run: done(focusMessageBox),
    },
    {
      id: 'inspector',
      group: 'Actions',
      label: 'Open the Inspector',
      keys: ['Mod', 'I'],
      also: 'wire headers stream timing',
      run: done(openInspector),
    },
    { id: 'clear', group: 'Actions', label: 'Clear conversation', also: 'empty reset', run: clearConversation },
    {
      id: 'compare',
      group: 'Actions',
      label: 'Open the conversation in Compare',
      also: 'formats side by side',
      run: openTextInCompare,
    },
    { id: 'help', group: 'Actions', label: 'Keyboard shortcuts', keys: ['?'], also: 'help keys', run: done(showHelp) },
  ]
  return items
}

export function panelItems(panels: PanelName[]): CommandItem[] {
  return panels.map((p, n) => ({
    id: `panel:${p.id}`,
    group: 'Panels',
    label: p.label,
    also: 'panel go to open',
    ...(p.id === 'settings' ? { keys: ['Mod', ','] } : n < 9 ? { keys: ['Mod', String(n + 1)] } : {}),
    run: done(() => openPanel(p.id)),
  }))
}

export function conversationItems(entries: ConversationEntry[], openId: string | null): CommandItem[] {
  return entries.map((e) => ({
    id: `conversation:${e.id}`,
    group: 'Conversations',
    label: e.id === openId ? `${e.title} (open)` : e.title,
    also: 'conversation',
    run: () => openConversationById(e.id),
  }))
}

/** The items every word of `query` is found in (label, group or its other words), in their order. */
export function filterItems(items: CommandItem[], query: string): CommandItem[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return items
  const scored = items
    .map((item, n) => {
      const label = item.label.toLowerCase()
      const hay = `${label} ${item.group.toLowerCase()} ${item.also ?? ''}`
      if (!words.every((w) => hay.includes(w))) return null
      // Names that begin with what was typed come first, then names that hold it, then the rest.
      const rank = label.startsWith(words[0]!) ? 0 : words.every((w) => label.includes(w)) ? 1 : 2
      return { item, rank, n }
    })
    .filter((x) => x !== null)
  return scored.sort((a, b) => a.rank - b.rank || a.n - b.n).map((x) => x.item)
}
