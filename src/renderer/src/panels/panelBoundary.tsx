// Error boundaries of the shell: an error inside one panel shows in that panel with a way back, never a blank window
// (QUALITY.md R11). Every error caught here is written to main's log (`app.reportError`), since the page's console
// is gone with a reload.
// Two boundaries, because a panel's boundary is keyed by the panel: an error thrown while a panel closes (an
// effect's cleanup) finds its own boundary already gone and reaches the shell's, which stays mounted; it says
// which panel failed as it closed and keeps showing the panel opened.
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { appCalls } from '../ipc/appCalls'

/** Sends a caught error to main's log; a failure to send is not an error of its own. */
export function reportPanelError(panel: string, error: unknown, info?: ErrorInfo): void {
  const err = error instanceof Error ? error : new Error(String(error))
  const stack = [err.stack ?? '', info?.componentStack ?? ''].join('\n').trim()
  void appCalls
    .reportError({
      panel: panel.slice(0, 40),
      message: err.message.slice(0, 2000),
      stack: stack.slice(0, 8000),
    })
    .catch(() => undefined)
}

/** A dynamic import that failed: the build changed under the page, or the server is gone. */
function isChunkLoadError(error: Error): boolean {
  return /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message)
}

interface PanelState {
  error: Error | null
}

/** One panel's boundary: its chunk failing to load, or an error while it renders or runs its effects. */
export class PanelBoundary extends Component<{ what: string; children: ReactNode }, PanelState> {
  override state: PanelState = { error: null }
  static getDerivedStateFromError(error: Error): PanelState {
    return { error }
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    reportPanelError(this.props.what, error, info)
  }
  override render() {
    const { error } = this.state
    if (!error) return this.props.children
    const { what } = this.props
    if (isChunkLoadError(error))
      return (
        <div className="error-banner" role="alert">
          <p>
            The {what} panel could not be loaded. If the app server was restarted or stopped, start it again
            (`npm run web`) and reload the page.
          </p>
          <p className="small mono">{error.message}</p>
          <button type="button" onClick={() => window.location.reload()}>
            Reload the page
          </button>
        </div>
      )
    return (
      <div className="error-banner" role="alert" data-testid="panel-error">
        <p>
          The {what} panel stopped because of an error in the app. Other panels still work; what you made in
          them is kept. The error was written to the app&apos;s log.
        </p>
        <p className="small mono">{error.message}</p>
        <div className="row">
          <button type="button" onClick={() => this.setState({ error: null })}>
            Open the {what} panel again
          </button>{' '}
          <button type="button" className="ghost" onClick={() => window.location.reload()}>
            Reload the page
          </button>
        </div>
      </div>
    )
  }
}

interface ShellState {
  error: Error | null
  /** The panel that was closing when the error came, when it came as one closed. */
  from: string | null
  /** A second error within a moment of the first: showing the panel again would throw again. */
  halted: boolean
}

/**
 * The shell's boundary around the panel area, stable across panel switches. An error that escapes a panel (one
 * thrown while it closes) shows as a notice above the panel now open; errors that repeat at once stop the area.
 */
export class ShellBoundary extends Component<{ what: string; children: ReactNode }, ShellState> {
  override state: ShellState = { error: null, from: null, halted: false }
  private leaving: string | null = null
  private lastErrorAt = Number.NEGATIVE_INFINITY

  static getDerivedStateFromError(error: Error): Partial<ShellState> {
    return { error }
  }
  override componentDidUpdate(prev: { what: string }) {
    if (prev.what !== this.props.what) this.leaving = prev.what
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    const from = this.leaving ?? this.props.what
    reportPanelError(from, error, info)
    const now = performance.now()
    const halted = now - this.lastErrorAt < 1000
    this.lastErrorAt = now
    this.setState({ from, halted })
  }
  override render() {
    const { error, from, halted } = this.state
    if (!error) return this.props.children
    const notice = (
      <div className="error-banner" role="alert" data-testid="shell-error">
        <p>
          {from && from !== this.props.what
            ? `The ${from} panel hit an error as it closed.`
            : `The ${from ?? this.props.what} panel hit an error.`}{' '}
          The error was written to the app&apos;s log.
        </p>
        <p className="small mono">{error.message}</p>
        {halted ? (
          <button type="button" onClick={() => window.location.reload()}>
            Reload the page
          </button>
        ) : (
          <button type="button" className="ghost" onClick={() => this.setState({ error: null, from: null })}>
            Dismiss
          </button>
        )}
      </div>
    )
    return (
      <>
        {notice}
        {!halted && this.props.children}
      </>
    )
  }
}

/** The last resort around the whole shell: the window is never left blank, it says what happened instead. */
export class AppBoundary extends Component<{ children: ReactNode }, PanelState> {
  override state: PanelState = { error: null }
  static getDerivedStateFromError(error: Error): PanelState {
    return { error }
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    reportPanelError('app', error, info)
  }
  override render() {
    const { error } = this.state
    if (!error) return this.props.children
    return (
      <div className="error-banner" role="alert" data-testid="app-error">
        <p>
          The app hit an error it could not recover from here. Your saved work is kept; reload the page to go
          on. The error was written to the app&apos;s log.
        </p>
        <p className="small mono">{error.message}</p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </div>
    )
  }
}
