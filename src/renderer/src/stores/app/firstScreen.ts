// When the first screen is up: work that can wait (other panels' chunks, the markdown renderer, the draft's rules)
// is queued here and runs at the first idle moment after the shell has mounted and painted, so it never competes
// with the first keystroke. Nothing here imports the app: any module may queue work without pulling in the client.
let markPainted: () => void = () => undefined
const painted = new Promise<void>((resolve) => (markPainted = resolve))

/** Runs `work` when the page is idle after the first screen has painted (never, where no screen is mounted). */
export function whenStarted(work: () => void): void {
  void painted.then(() => {
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 200))
    idle(() => work(), { timeout: 2000 })
  })
}

/** Called once the shell has mounted: marks the screen painted two animation frames later. */
export function firstScreenMounted(): void {
  requestAnimationFrame(() => requestAnimationFrame(() => markPainted()))
}
