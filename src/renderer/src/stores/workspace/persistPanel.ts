// Keeps one panel's state in main (workspace.getPanel / putPanel): read back once at start and checked with the
// panel's own schema, or by main for the panels its answer is already checked for (a damaged or older state is
// dropped, never trusted), then saved a moment after each
// change, and at once when the page is hidden or unloaded. A state over the size bound is shrunk by the
// panel's own `shrink` steps (older turns, recorded bodies) before it is saved, never sent whole.
import type { z } from 'zod'
import { MAX_WORKSPACE_STATE, type WorkspacePanel } from '../../../../shared/workspace/panels'
import { client } from '../../ipc/client'

export interface PanelPersistence<T> {
  panel: WorkspacePanel
  /**
   * The state's schema; none for the app and Text panels, whose state main checks before answering it
   * (shared/workspace/panelStates.ts), so the first load needs no zod.
   */
  schema?: z.ZodType<T>
  /** The state to keep, as plain data. */
  snapshot(): T
  restore(saved: T): void
  /** Calls back on every change of the stores the snapshot reads; answers the unsubscribe. */
  subscribe(onChange: () => void): () => void
  /**
   * Whether the panel still shows its starting state (nothing the user did would be replaced): then its saved state
   * is restored even once the user has begun to act elsewhere (a click on the panel's tab before it loaded).
   */
  untouched?(): boolean
  /** Whether a saved state holds the user's own work (else the panel's starting defaults still apply). */
  holdsWork?(saved: T): boolean
  /** Ever smaller versions of a state too large to keep, tried in order. */
  shrink?: ((state: T) => T)[]
  /**
   * How long a change waits for the next before it is sent (default SAVE_DELAY_MS, for typing). 0 sends at
   * once: a click (the open panel, a tab) has no next keystroke to wait for, and a wait is a moment in which
   * stopping the app would lose it.
   */
  saveDelayMs?: number
}

const SAVE_DELAY_MS = 300
const flushers = new Set<() => void>()

/** Reads the panel's saved state into its stores; answers whether it held the user's work. */
export async function restorePanel<T>(p: PanelPersistence<T>): Promise<boolean> {
  const result = await client.call('workspace.getPanel', { panel: p.panel })
  if (!result.ok || result.value.state === null) return false
  let parsed: unknown
  try {
    parsed = JSON.parse(result.value.state)
  } catch {
    return false
  }
  let saved: T
  if (p.schema) {
    const checked = p.schema.safeParse(parsed)
    if (!checked.success) return false
    saved = checked.data
  } else {
    // Main answered it checked: read back field by field, or null (above) when damaged or older.
    saved = parsed as T
  }
  p.restore(saved)
  return p.holdsWork?.(saved) ?? true
}

/** The JSON text of `state` within the bound, shrinking it as the panel allows; null when nothing fits. */
export function boundedState<T>(state: T, shrink: ((state: T) => T)[] = []): string | null {
  let text = JSON.stringify(state)
  for (const step of shrink) {
    if (text.length <= MAX_WORKSPACE_STATE) break
    state = step(state)
    text = JSON.stringify(state)
  }
  return text.length <= MAX_WORKSPACE_STATE ? text : null
}

/** Saves the panel's state after each change (debounced); answers the function that stops it. */
export function keepPanel<T>(p: PanelPersistence<T>): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null
  let last = ''
  const save = () => {
    timer = null
    const text = boundedState(p.snapshot(), p.shrink)
    if (text === null || text === last) return
    last = text
    void client.call('workspace.putPanel', { panel: p.panel, state: text })
  }
  const flush = () => {
    if (timer) {
      clearTimeout(timer)
      save()
    }
  }
  const delay = p.saveDelayMs ?? SAVE_DELAY_MS
  const unsubscribe = p.subscribe(() => {
    if (timer) clearTimeout(timer)
    timer = null
    if (delay === 0) save()
    else timer = setTimeout(save, delay)
  })
  flushers.add(flush)
  return () => {
    flush()
    unsubscribe()
    flushers.delete(flush)
  }
}

/** Saves every panel's pending change now (the page is going away). */
export function flushWorkspace(): void {
  for (const flush of flushers) flush()
}

if (typeof window !== 'undefined') {
  // beforeunload comes first, while the socket to main can still carry the last change; pagehide covers the rest.
  window.addEventListener('beforeunload', flushWorkspace)
  window.addEventListener('pagehide', flushWorkspace)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushWorkspace()
  })
}
