// Test page for the Markdown component alone: mounts it and exposes hooks that Playwright specs and the
// benchmark drive. Every link the component asks to open and every CSP violation is recorded for them.
/// <reference types="vite/client" />
import { StrictMode, useLayoutEffect, useRef } from 'react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { Markdown } from '../../../../src/renderer/src/components/markdown/Markdown'
import '../../../../src/renderer/src/styles.css'
import './harness.css'
import type { Commit } from './api'

const openedLinks: string[] = []
const cspViolations: string[] = []
let lastCommit: Commit = { time: 0, length: 0 }
document.addEventListener('securitypolicyviolation', (e) => {
  cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`)
})

function Harness({ text, streaming }: { text: string; streaming: boolean }) {
  const scroller = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    lastCommit = { time: performance.now(), length: text.length }
    // Follow the output like a chat view does while it streams.
    const el = scroller.current
    if (el && streaming) el.scrollTop = el.scrollHeight
  }, [text, streaming])
  return (
    <div className="harness-output" ref={scroller} id="output">
      <Markdown text={text} streaming={streaming} onOpenLink={(url) => openedLinks.push(url)} />
    </div>
  )
}

const root = createRoot(document.getElementById('root')!)
const element = (text: string, streaming: boolean) => (
  <StrictMode>
    <Harness text={text} streaming={streaming} />
  </StrictMode>
)

window.markdownHarness = {
  render: (text, streaming = false) => flushSync(() => root.render(element(text, streaming))),
  schedule: (text, streaming = false) => root.render(element(text, streaming)),
  lastCommit: () => lastCommit,
  openedLinks,
  cspViolations,
  output: () => document.getElementById('output')!,
}
window.renderMarkdown = window.markdownHarness.render
window.markdownHarness.render('')
