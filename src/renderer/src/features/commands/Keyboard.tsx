// The app's keyboard: one key handler for the whole window (src/renderer/src/features/commands/shortcuts.ts lists
// what it answers), the command palette (Ctrl/Cmd+K, Ctrl/Cmd+Shift+P) and the help sheet (`?`). Both dialogs are
// a chunk of their own, fetched once the first screen is idle. A key a field or an open dialog already handled is
// left alone, and `?` and `/` never fire while typing.
import { lazy, Suspense, useEffect, useState } from 'react'
import { whenStarted } from '../../stores/app'
import { isMac, matchShortcut, typingIn, type PanelName } from './shortcuts'
import { announceRefusal } from './refusal'

// Everything a shortcut does comes with the dialogs' chunk, so the first load carries only the key matcher.
const loadPalette = () => import('./dialogs')
const CommandPalette = lazy(() => loadPalette().then((m) => ({ default: m.CommandPalette })))
const ShortcutHelp = lazy(() => loadPalette().then((m) => ({ default: m.ShortcutHelp })))

type Open = 'palette' | 'help' | null

export function Keyboard({ panels }: { panels: PanelName[] }) {
  const [open, setOpen] = useState<Open>(null)
  useEffect(() => {
    whenStarted(() => void loadPalette().catch(() => undefined))
  }, [])
  useEffect(() => {
    const mac = isMac()
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return
      // A modal dialog (a question, the palette itself) keeps its keys.
      if (document.querySelector('dialog[open]')) return
      const hit = matchShortcut(e, { mac, inField: typingIn(e.target) })
      if (!hit) return
      e.preventDefault()
      if (hit.id === 'palette') return setOpen('palette')
      if (hit.id === 'help') return setOpen('help')
      void loadPalette().then((m) => m.runShortcut(hit, panels))
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [panels])
  if (!open) return <RefusalLine />
  const close = () => setOpen(null)
  return (
    <>
      <RefusalLine />
      <Suspense fallback={null}>
        {open === 'palette' ? (
          <CommandPalette panels={panels} onClose={close} onHelp={() => setOpen('help')} />
        ) : (
          <ShortcutHelp onClose={close} />
        )}
      </Suspense>
    </>
  )
}

/** Why the last shortcut could not do its work (a conversation while an answer streams), until the next key. */
function RefusalLine() {
  const [text, setText] = useState<string | null>(null)
  useEffect(() => {
    const stop = announceRefusal.listen(setText)
    return stop
  }, [])
  useEffect(() => {
    if (!text) return
    const clear = () => setText(null)
    window.addEventListener('keydown', clear, { once: true })
    window.addEventListener('pointerdown', clear, { once: true })
    return () => {
      window.removeEventListener('keydown', clear)
      window.removeEventListener('pointerdown', clear)
    }
  }, [text])
  if (!text) return null
  return (
    <div className="shortcut-refusal" role="alert">
      {text}
    </div>
  )
}
