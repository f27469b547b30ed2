// The palette, the help sheet and what the shortcuts do: one chunk, fetched when the page is idle (Keyboard.tsx).
export { CommandPalette } from './CommandPalette'
export { ShortcutHelp } from './ShortcutHelp'
export { runShortcut } from './actions'
