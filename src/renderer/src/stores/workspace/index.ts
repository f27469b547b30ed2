// The workspace at start: the app's and the Text panel's saved state (and the conversation main keeps) are read
// from main before the app first renders (so no keystroke lands in a form about to be replaced); the other panels' persistence loads in the
// background with their stores (their chunks stay out of the first paint) and restores them unless the user
// has already begun to act. Then each panel is saved as it changes.
import { appPanelPersistence } from '../app/appPanelState'
import { keepPanel, restorePanel, type PanelPersistence } from './persistPanel'
import { openTextConversation, textPanelPersistence } from '../text/textPanelState'

const restored = new Set<string>()

/** Whether the panel came back from a saved state (its starting defaults must not replace it). */
export function wasRestored(panel: string): boolean {
  return restored.has(panel)
}

async function restoreAndKeep<T>(p: PanelPersistence<T>, stillFresh: () => boolean): Promise<void> {
  try {
    const guarded = { ...p, restore: (saved: T) => stillFresh() && p.restore(saved) }
    if (await restorePanel(guarded)) restored.add(p.panel)
  } catch {
    // A panel that cannot be read starts empty; the others still come back.
  }
  keepPanel(p)
}

/** True until the user first presses a key or a pointer: until then a late restore replaces nothing of theirs. */
function untilUserActs(): () => boolean {
  let fresh = true
  const acted = () => {
    fresh = false
    window.removeEventListener('pointerdown', acted, true)
    window.removeEventListener('keydown', acted, true)
  }
  window.addEventListener('pointerdown', acted, true)
  window.addEventListener('keydown', acted, true)
  return () => fresh
}

/** Restores the app and Text (waiting at most `timeoutMs` for main), then starts the other panels. */
export async function startWorkspace(timeoutMs = 3000): Promise<void> {
  let late = false
  // The other panels' persistence is fetched now, beside the first calls, so it is evaluated while main answers.
  const others = import('../otherPanels')
  const first = Promise.all([
    ...[appPanelPersistence, textPanelPersistence].map((p) =>
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      restoreAndKeep(p as PanelPersistence<any>, () => !late),
    ),
    openTextConversation(),
  ])
  await Promise.race([first, new Promise((r) => setTimeout(r, timeoutMs))])
  late = true
  const fresh = untilUserActs()
  void others.then(({ OTHER_PANELS }) => {
    for (const p of OTHER_PANELS) void restoreAndKeep(p, fresh)
  })
}
