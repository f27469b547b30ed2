// Renderer entry: mounts the app and the one confirmation dialog every panel asks through. Everything the page
// needs from main goes through the typed client.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { ConfirmDialog } from './components/confirm/ConfirmDialog'
import './styles.css'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
    <ConfirmDialog />
  </StrictMode>,
)
