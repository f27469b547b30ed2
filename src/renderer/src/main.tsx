// Renderer entry: restores the saved workspace and reads what the first screen needs, then mounts the app, the one confirmation dialog and the Undo toast
// every panel uses. Everything the page needs from main goes through the typed client.
// The base styles first: every component's own CSS comes after them in the bundle, so it may refine them.
import './styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { ConfirmDialog } from './components/confirm/ConfirmDialog'
import { UndoToast } from './components/confirm/UndoToast'
import { startApp } from './stores/startup'
import { prefetchVideoNotifier } from './panels/lazyPanels'

// The saved workspace, profiles and settings first, in one wave of calls, so each panel opens as the user left
// it (see stores/startup and stores/workspace).
prefetchVideoNotifier()
void startApp(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
      <ConfirmDialog />
      <UndoToast />
    </StrictMode>,
  ),
)
