// Every panel but Text is its own chunk, fetched when the panel is first opened (or when its tab is hovered or
// focused, a moment before the click), so the first load carries only the shell and the Text panel.
// Invariant: a panel that is loading shows a visible status, and one whose chunk cannot load (or that throws)
// says so and offers a way back (panelBoundary.tsx).
// The panels themselves are listed once, in App.tsx; each lazy one registers its loader here through lazyPanel().
import { whenStarted } from '../stores/app'
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react'
import { PanelBoundary } from './panelBoundary'
import { Loading } from '../components/loading/Loading'

type Loader = () => Promise<ComponentType>

/** The lazy panels' loaders, in the order the panel list gives them (the idle preload follows it). */
const loaders = new Map<string, Loader>()
const started = new Map<string, Promise<ComponentType>>()
const loaded = new Map<string, ComponentType>()

/** Starts fetching a panel's chunk (once); a failed fetch is forgotten so a retry fetches again. */
export function preloadPanel(id: string): Promise<ComponentType> | undefined {
  const load = loaders.get(id)
  if (!load) return undefined
  let p = started.get(id)
  if (!p) {
    p = load()
    p.then(
      (component) => loaded.set(id, component),
      () => started.delete(id),
    )
    started.set(id, p)
  }
  return p
}

/**
 * A lazily loaded panel component, one per id. A chunk already here is handed over synchronously (a thenable
 * that calls back at once), so opening its panel renders it in the same commit, with no loading state and
 * without React's minimum time for revealing suspended content (300 ms).
 */
export function lazyPanel(id: string, load: Loader) {
  loaders.set(id, load)
  return lazy(() => {
    const component = loaded.get(id)
    if (component)
      return {
        then: (resolve: (m: { default: ComponentType }) => void) => resolve({ default: component }),
      } as Promise<{ default: ComponentType }>
    return preloadPanel(id)!.then((c) => ({ default: c }))
  })
}

/** Fetches every panel's chunk once the page is idle after its first load, so later opens are immediate. */
export function preloadPanelsWhenIdle(): void {
  const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 500))
  const ids = [...loaders.keys()]
  const next = () => {
    const id = ids.shift()
    // A chunk that fails here (the server stopped, the page is leaving) is fetched again when its panel opens;
    // the failure is not left as an unhandled rejection.
    if (id)
      void preloadPanel(id)?.then(
        () => idle(next),
        () => idle(next),
      )
  }
  whenStarted(next)
}

/**
 * The video job watcher and its toasts, mounted with the shell whatever panel is shown: a chunk of its own
 * (with the video store), fetched with the start-up calls rather than in the first load, so it is evaluated
 * while main answers them. It renders nothing while it loads.
 */
let notifierChunk: Promise<{ default: ComponentType }> | null = null
const loadVideoNotifier = () =>
  (notifierChunk ??= import('../features/video/VideoNotifier').then((m) => ({ default: m.VideoNotifier })))
const LazyVideoNotifier = lazy(loadVideoNotifier)
/** Starts fetching the video job watcher's chunk (at start-up, beside the first calls to main). */
export function prefetchVideoNotifier(): void {
  void loadVideoNotifier().catch(() => undefined)
}
export function VideoNotifier() {
  return (
    <Suspense fallback={null}>
      <LazyVideoNotifier />
    </Suspense>
  )
}

/** A panel behind its loading state and load-error boundary. */
export function PanelFrame({ what, children }: { what: string; children: ReactNode }) {
  return (
    <PanelBoundary key={what} what={what}>
      <Suspense fallback={<Loading what={what} />}>{children}</Suspense>
    </PanelBoundary>
  )
}
