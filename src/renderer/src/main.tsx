// Renderer entry: restores the saved workspace, then mounts the app, the one confirmation dialog and the Undo toast
// every panel uses. Everything the page needs from main goes through the typed client.
// The base styles first: every component's own CSS comes after them in the bundle, so it may refine them.
import './styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { ConfirmDialog } from './components/confirm/ConfirmDialog'
import { UndoToast } from './components/confirm/UndoToast'
import { startWorkspace } from './stores/workspace'

// The saved workspace first, so each panel opens as the user left it (see stores/workspace).
void startWorkspace().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
      <ConfirmDialog />
      <UndoToast />
    </StrictMode>,
  ),
)
