// Undo for a few seconds after a destructive action (Clear conversation, Clear inputs, an import over typed
// inputs): the action happens at once, and the toast offers to put back exactly what was there. One offer at a
// time; a newer one replaces it (its own undo still works until then).
import { create } from 'zustand'

export const UNDO_MS = 8000

interface UndoOffer {
  id: number
  message: string
  undo: () => void
}

interface UndoState {
  offer: UndoOffer | null
}

export const useUndoStore = create<UndoState>(() => ({ offer: null }))

let nextId = 1
let timer: ReturnType<typeof setTimeout> | null = null

/** Shows `message` with an Undo button for UNDO_MS; Undo calls `undo` once. */
export function offerUndo(message: string, undo: () => void): void {
  if (timer) clearTimeout(timer)
  const id = nextId++
  useUndoStore.setState({ offer: { id, message, undo } })
  timer = setTimeout(() => dismissUndo(id), UNDO_MS)
}

export function dismissUndo(id?: number): void {
  const offer = useUndoStore.getState().offer
  if (offer && (id === undefined || offer.id === id)) useUndoStore.setState({ offer: null })
}

export function takeUndo(): void {
  const offer = useUndoStore.getState().offer
  if (!offer) return
  useUndoStore.setState({ offer: null })
  offer.undo()
}
