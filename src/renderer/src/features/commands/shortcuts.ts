// The app's keyboard shortcuts, in one list: what the global key handler matches, what the help sheet (`?`) and the
// command palette show. "Mod" is Cmd on a Mac and Ctrl elsewhere; keys are matched by their code where a layout
// could change the character (digits, letters with Shift), by their key otherwise.

import type { PanelId } from '../../stores/app'

/** A panel by its id and its name in the sidebar. */
export interface PanelName {
  id: PanelId
  label: string
}

export type ShortcutId =
  | 'palette'
  | 'help'
  | 'send'
  | 'stop'
  | 'newConversation'
  | 'focusMessage'
  | 'inspector'
  | 'panel'
  | 'settings'

export interface Shortcut {
  id: ShortcutId
  /** What it does, in words. */
  label: string
  /** Where it works, when not everywhere. */
  where?: string
  /** Each way to press it, as key names ("Mod", "Shift", "K"). */
  keys: string[][]
}

export const SHORTCUTS: Shortcut[] = [
  { id: 'palette', label: 'Open the command palette', keys: [['Mod', 'K'], ['Mod', 'Shift', 'P']] },
  { id: 'help', label: 'Show these shortcuts', where: 'outside text fields', keys: [['?']] },
  { id: 'send', label: 'Send the message', where: 'in a message or request form', keys: [['Mod', 'Enter']] },
  { id: 'stop', label: 'Stop the answer streaming', where: 'Text and Compare', keys: [['Esc']] },
  { id: 'newConversation', label: 'New conversation', keys: [['Mod', 'Shift', 'O']] },
  {
    id: 'focusMessage',
    label: 'Go to the message box',
    keys: [['/'], ['Shift', 'Esc']],
    where: '/ outside text fields',
  },
  { id: 'inspector', label: 'Open the Inspector of the last request', keys: [['Mod', 'I']] },
  { id: 'panel', label: 'Open panel 1 to 9 (Text, Compare, … in the sidebar’s order)', keys: [['Mod', '1…9']] },
  { id: 'settings', label: 'Open Settings', keys: [['Mod', ',']] },
]

/** Whether this machine names the modifier Cmd (a Mac or an iPad). */
export function isMac(platform: string = typeof navigator === 'undefined' ? '' : navigator.platform): boolean {
  return /Mac|iPhone|iPad/i.test(platform)
}

/** A key's name as this machine's keyboard shows it. */
export function keyName(key: string, mac: boolean): string {
  if (key === 'Mod') return mac ? '⌘' : 'Ctrl'
  if (key === 'Shift') return mac ? '⇧' : 'Shift'
  return key
}

/** A shortcut's first way in words ("Ctrl+K", "⌘K"). */
export function keysText(keys: string[], mac: boolean): string {
  return keys.map((k) => keyName(k, mac)).join(mac ? '' : '+')
}

/** The part of a key event the matcher reads (a KeyboardEvent has all of it). */
export interface KeyPress {
  key: string
  code: string
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
  shiftKey: boolean
}

/** What a key press asks for: a shortcut, with the panel's place (0-based) for `panel`; null for none. */
export function matchShortcut(
  e: KeyPress,
  options: { mac: boolean; inField: boolean },
): { id: ShortcutId; index?: number } | null {
  const mod = options.mac ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey
  if (mod && !e.altKey) {
    if (!e.shiftKey && e.code === 'KeyK') return { id: 'palette' }
    if (e.shiftKey && e.code === 'KeyP') return { id: 'palette' }
    if (e.shiftKey && e.code === 'KeyO') return { id: 'newConversation' }
    if (!e.shiftKey && e.code === 'KeyI') return { id: 'inspector' }
    if (!e.shiftKey && e.key === ',') return { id: 'settings' }
    const digit = /^Digit([1-9])$/.exec(e.code)
    if (!e.shiftKey && digit) return { id: 'panel', index: Number(digit[1]) - 1 }
    return null
  }
  if (e.ctrlKey || e.metaKey || e.altKey) return null
  if (e.key === 'Escape' && e.shiftKey) return { id: 'focusMessage' }
  // Typed characters belong to the field being typed in.
  if (options.inField) return null
  if (e.key === '?') return { id: 'help' }
  if (e.key === '/' && !e.shiftKey) return { id: 'focusMessage' }
  return null
}

/** Whether the focus is where typing enters text (a text field, a select's search, an editable region). */
export function typingIn(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).tagName !== 'string') return false
  const el = target as HTMLElement
  if (el.isContentEditable) return true
  const tag = el.tagName
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true
  if (tag !== 'INPUT') return false
  const type = (el as HTMLInputElement).type
  return !['button', 'checkbox', 'radio', 'range', 'color', 'file', 'submit', 'reset', 'image'].includes(type)
}
