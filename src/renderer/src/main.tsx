// Renderer entry: restores the saved workspace and reads what the first screen needs, then mounts the app, the one confirmation dialog and the Undo toast
// every panel uses. Everything the page needs from main goes through the typed client.
// The base styles first: every component's own CSS comes after them in the bundle, so it may refine them.
import './styles.css'
import { StrictMode } from 'react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { ConfirmDialog } from './widgets/confirm/ConfirmDialog'
import { UndoToast } from './widgets/confirm/UndoToast'
import { startApp } from './stores/startup'
import { whenStarted } from './stores/app'
import { preloadMarkdown } from './components/markdown/LazyMarkdown'
import { prefetchVideoNotifier } from './panels/lazyPanels'
import { AppBoundary } from './panels/panelBoundary'

// The saved workspace, profiles and settings first, in one wave of calls, so each panel opens as the user left
// it (see stores/startup and stores/workspace).
prefetchVideoNotifier()
// The markdown renderer is fetched after the first paint, when the page is idle: never in the way of the first
// keystroke.
whenStarted(() => void preloadMarkdown())
// The first screen is rendered synchronously (flushSync), so React runs its effects (the stores' subscriptions
// among them) before the browser paints it: a keystroke in the message box the moment it is shown reaches the
// store. Rendered at the default priority, the effects would wait for the paint and the input events queued
// behind it, and React would put back each character typed meanwhile.
void startApp(() => {
  const root = createRoot(document.getElementById('root')!)
  flushSync(() =>
    root.render(
      <StrictMode>
        <AppBoundary>
          <App />
          <ConfirmDialog />
          <UndoToast />
        </AppBoundary>
      </StrictMode>,
    ),
  )
})
