// The hooks the Markdown harness page exposes on `window`, shared by the page (main.tsx), the Playwright
// spec and the benchmark so all three agree on one shape.
export interface Commit {
  /** performance.now() in the layout effect after the DOM was updated. */
  time: number
  /** Length of the text that commit rendered. */
  length: number
}

export interface MarkdownHarness {
  /** Renders synchronously: the DOM is updated when this returns. */
  render(text: string, streaming?: boolean): void
  /** Renders the way a store update does (scheduled by React), as during a real stream. */
  schedule(text: string, streaming?: boolean): void
  lastCommit(): Commit
  /** Every URL the component passed to onOpenLink. */
  openedLinks: string[]
  /** Every securitypolicyviolation event seen by the page. */
  cspViolations: string[]
  /** The scrolling element the component renders into. */
  output(): HTMLElement
}

declare global {
  interface Window {
    markdownHarness: MarkdownHarness
    renderMarkdown(text: string, streaming?: boolean): void
    __pwned?: unknown
  }
}
