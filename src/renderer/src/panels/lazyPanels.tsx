// Every panel but Text is its own chunk, fetched when the panel is first opened (or when its tab is hovered or
// focused, a moment before the click), so the first load carries only the shell and the Text panel.
// Invariant: a panel that is loading shows a visible status, and one whose chunk cannot load says so and offers a reload.
import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react'

type Loader = () => Promise<ComponentType>

const loaders: Record<string, Loader> = {
  compare: () => import('../features/compare/ComparePanel').then((m) => m.ComparePanel),
  video: () => import('../features/video/VideoPanel').then((m) => m.VideoPanel),
  images: () => import('../features/images/ImagesPanel').then((m) => m.ImagesPanel),
  jobs: () => import('../features/jobs/JobsPanel').then((m) => m.JobsPanel),
  embeddings: () => import('../features/embeddings/EmbeddingsPanel').then((m) => m.EmbeddingsPanel),
  history: () => import('../features/history/HistoryPanel').then((m) => m.HistoryPanel),
  cases: () => import('../features/cases/CasesPanel').then((m) => m.CasesPanel),
  check: () => import('../features/check/CheckPanel').then((m) => m.CheckPanel),
  settings: () => import('../features/settings/SettingsPanel').then((m) => m.SettingsPanel),
}

const started = new Map<string, Promise<ComponentType>>()

/** Starts fetching a panel's chunk (once); a failed fetch is forgotten so a retry fetches again. */
export function preloadPanel(id: string): Promise<ComponentType> | undefined {
  const load = loaders[id]
  if (!load) return undefined
  let p = started.get(id)
  if (!p) {
    p = load()
    p.catch(() => started.delete(id))
    started.set(id, p)
  }
  return p
}

/** A lazily loaded panel component, one per id, shared by every render. */
function lazyPanel(id: string) {
  return lazy(async () => ({ default: await preloadPanel(id)! }))
}

export const ComparePanel = lazyPanel('compare')
export const VideoPanel = lazyPanel('video')
export const ImagesPanel = lazyPanel('images')
export const JobsPanel = lazyPanel('jobs')
export const EmbeddingsPanel = lazyPanel('embeddings')
export const HistoryPanel = lazyPanel('history')
export const CasesPanel = lazyPanel('cases')
export const CheckPanel = lazyPanel('check')
export const SettingsPanel = lazyPanel('settings')

/** Shown while a chunk loads; the status role tells screen readers too. */
export function Loading({ what }: { what: string }) {
  return (
    <p className="panel-loading muted" role="status" aria-live="polite">
      Loading {what}…
    </p>
  )
}

interface BoundaryState {
  error: Error | null
}

/**
 * Catches a chunk that failed to load (the server restarted with a new build, the connection dropped) and offers
 * a reload, instead of an empty panel. An error thrown while rendering a loaded panel is shown the same way.
 */
class PanelBoundary extends Component<{ what: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null }
  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error }
  }
  override render() {
    const { error } = this.state
    if (!error) return this.props.children
    return (
      <div className="error-banner" role="alert">
        <p>
          The {this.props.what} panel could not be loaded: {error.message}
        </p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </div>
    )
  }
}

/** A panel behind its loading state and load-error boundary. */
export function PanelFrame({ what, children }: { what: string; children: ReactNode }) {
  return (
    <PanelBoundary key={what} what={what}>
      <Suspense fallback={<Loading what={what} />}>{children}</Suspense>
    </PanelBoundary>
  )
}
