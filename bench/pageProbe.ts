// What the stream benchmarks measure inside a page, the same way for the app and the harness pages: installed
// before any page script, it watches the app's WebSocket for run events, records long tasks and rAF gaps while
// runs stream, and marks the final text on screen once every assistant turn's text holds still for 3 frames.
import type { CDPSession, Page } from 'playwright-core'

/** Plain JavaScript text: a function would be compiled by tsx with helpers (__name) the page does not have. */
export const PAGE_PROBE = `
(() => {
  const m = { runs: 1, chunks: [], sizes: [], raw: [], sent: [], ended: 0, endedCount: 0, longTasks: [], gaps: [], finalAt: 0, lastChunkAt: 0, lastLen: -1, stable: 0, stableSince: 0, lastFrameAt: 0 }
  window.__bench = m
  m.csp = []
  document.addEventListener('securitypolicyviolation', (e) => { if (m.csp.length < 20) m.csp.push(e.effectiveDirective + ' ' + (e.blockedURI || e.sample || '')) })
  new PerformanceObserver((list) => list.getEntries().forEach((e) => { if (m.chunks.length > 0 && (!m.finalAt || e.startTime <= m.finalAt)) m.longTasks.push(e.duration) })).observe({ type: 'longtask' })
  const Native = window.WebSocket
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols)
      this.addEventListener('message', (ev) => {
        const data = String(ev.data)
        if (data.includes('"text.runEvents"')) {
          m.chunks.push(performance.now())
          m.sizes.push(data.length)
          m.raw.push(data)
          m.lastChunkAt = performance.now()
        } else if (data.includes('"text.runEnded"') && ++m.endedCount >= m.runs) m.ended = performance.now()
      })
    }
    send(data) {
      if (String(data).includes('"text.startRun"')) m.sent.push(String(data))
      super.send(data)
    }
  }
  let last = performance.now()
  const frame = (t) => {
    if (m.chunks.length > 0 && !m.ended) m.gaps.push(t - last)
    last = t
    // Read only after the runs ended, so the probe adds no work while they stream.
    if (m.ended && !m.finalAt) {
      let len = 0
      document.querySelectorAll('.turn.assistant').forEach((el) => { len += el.textContent.length })
      if (len > 0 && len === m.lastLen) {
        m.stable++
        if (m.stable === 1) m.stableSince = m.lastFrameAt
        if (m.stable >= 3) m.finalAt = m.stableSince
      } else m.stable = 0
      m.lastLen = len
      m.lastFrameAt = performance.now()
    }
    requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
})()
`

export interface ProbeResult {
  messages: number
  streamSeconds: number
  largestMessageBytes: number
  /** Text characters received in run events, over all runs. */
  receivedChars: number
  longTasks: number[]
  gaps: number[]
  /** ms from the last run event to the final text on screen; null when it never held still. */
  finalLagMs: number | null
  /** The text.startRun payloads the page sent. */
  startRequests: unknown[]
  /** Content-Security-Policy violations the page reported (directive and what was blocked), at most 20. */
  cspViolations: string[]
}

export async function installProbe(page: Page, runs = 1): Promise<void> {
  // tsx compiles evaluated functions with esbuild's keepNames, which calls a __name helper pages lack.
  await page.addInitScript({ content: 'globalThis.__name = (f) => f' })
  await page.addInitScript(PAGE_PROBE.replace('runs: 1,', `runs: ${runs},`))
}

/** Waits for the runs to end and the final text to settle, then reads and clears the probe's records. */
export async function readProbe(page: Page, timeoutMs: number): Promise<ProbeResult> {
  await page.waitForFunction(
    () => (window as unknown as { __bench: { finalAt: number } }).__bench.finalAt > 0,
    undefined,
    {
      timeout: timeoutMs,
      polling: 250,
    },
  )
  const m = await page.evaluate(() => {
    const b = (window as unknown as { __bench: Record<string, unknown> }).__bench
    let chars = 0
    for (const raw of b.raw as string[]) {
      const msg = JSON.parse(raw) as { payload: { events: { type: string; delta?: string }[] } }
      for (const e of msg.payload.events) if (e.type === 'text') chars += e.delta!.length
    }
    const out: Record<string, unknown> = { ...b, receivedChars: chars, raw: [] }
    b.raw = []
    return out
  })
  const chunks = m.chunks as number[]
  return {
    messages: chunks.length,
    streamSeconds: chunks.length > 1 ? (chunks[chunks.length - 1]! - chunks[0]!) / 1000 : 0,
    largestMessageBytes: Math.max(0, ...(m.sizes as number[])),
    receivedChars: m.receivedChars as number,
    longTasks: m.longTasks as number[],
    gaps: m.gaps as number[],
    finalLagMs: (m.finalAt as number) > 0 ? (m.finalAt as number) - (m.lastChunkAt as number) : null,
    startRequests: (m.sent as string[]).map((s) => (JSON.parse(s) as { payload: unknown }).payload),
    cspViolations: (m.csp as string[] | undefined) ?? [],
  }
}

/** JS heap in use after a full garbage collection, in bytes. */
export async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = await cdp.send('Runtime.getHeapUsage')
  return usedSize
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0
}
