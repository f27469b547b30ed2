// The workspace at start: the first panels' saved state (the app's and the Text panel's, and the conversation main
// keeps) is read from main before the app first renders (so no keystroke lands in a form about to be replaced);
// the other panels' persistence loads in the background with their stores (their chunks stay out of the first
// paint) and restores them unless the user has already begun to act. Then each panel is saved as it changes.
// A shared store: each panel hands in its own persistence (stores/startup names them), none is imported here.
import { keepPanel, restorePanel, type PanelPersistence } from './persistPanel'

export { boundedState, type PanelPersistence } from './persistPanel'

/** The panels at start: those restored before the first render, what else they wait for, and the later ones. */
export interface WorkspacePanels {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  first: PanelPersistence<any>[]
  /** Started beside the first panels' reads (the Text panel's conversation). */
  opening: () => Promise<unknown>
  /** Fetched at once, restored after the first render. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  later: () => Promise<PanelPersistence<any>[]>
}

const restored = new Set<string>()

/** Whether the panel came back from a saved state (its starting defaults must not replace it). */
export function wasRestored(panel: string): boolean {
  return restored.has(panel)
}

async function restoreAndKeep<T>(p: PanelPersistence<T>, stillFresh: () => boolean): Promise<void> {
  try {
    const guarded = { ...p, restore: (saved: T) => (stillFresh() || p.untouched?.()) && p.restore(saved) }
    if (await restorePanel(guarded)) restored.add(p.panel)
  } catch {
    // A panel that cannot be read starts empty; the others still come back.
  }
  keepPanel(p)
}

/** Going to a panel (its tab, or a panel shortcut: Ctrl/Cmd with a digit, a comma or K) changes nothing in a form. */
function onlyNavigates(e: Event): boolean {
  if (e instanceof KeyboardEvent) return (e.ctrlKey || e.metaKey) && /^(\d|,|k)$/i.test(e.key)
  const target = e.target
  return target instanceof Element && target.closest('[role="tab"], [role="tablist"]') !== null
}

/**
 * True until the user first presses a key or a pointer in a form: until then a late restore replaces nothing of
 * theirs. Going to a panel is not acting: a tab clicked before the panels' saved state arrived still gets it back.
 */
function untilUserActs(): () => boolean {
  let fresh = true
  const acted = (e: Event) => {
    if (onlyNavigates(e)) return
    fresh = false
    window.removeEventListener('pointerdown', acted, true)
    window.removeEventListener('keydown', acted, true)
  }
  window.addEventListener('pointerdown', acted, true)
  window.addEventListener('keydown', acted, true)
  return () => fresh
}

/** Restores the first panels (waiting at most `timeoutMs` for main), then starts the other panels. */
export async function startWorkspace(panels: WorkspacePanels, timeoutMs = 3000): Promise<void> {
  let late = false
  // The other panels' persistence is fetched now, beside the first calls, so it is evaluated while main answers.
  // A chunk that does not load (the app server stopped or was rebuilt under the page) leaves those panels at their
  // defaults; each says it could not be loaded, with a way to reload, when it is opened.
  const others = panels.later().catch((error: unknown) => {
    console.warn("The other panels' saved state could not be loaded:", error)
    return []
  })
  const first = Promise.all([...panels.first.map((p) => restoreAndKeep(p, () => !late)), panels.opening()])
  await Promise.race([first, new Promise((r) => setTimeout(r, timeoutMs))])
  late = true
  const fresh = untilUserActs()
  void others.then((later) => {
    for (const p of later) void restoreAndKeep(p, fresh)
  })
}
