// One measured stream in one fresh page: the app's Text panel or Compare panel (driven through its form, as a user
// would) or a stream harness page (handed the run requests), with the probe, a Chromium trace and the JS heap at
// the end. Shared by the peers and limits benchmarks so both measure a page the same way.
import { writeFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import type { RunRequest } from '../src/shared/ipc/text'
import type {} from './harness/stream/api'
import { heapAfterGc, installProbe, percentile, readProbe, type ProbeResult } from './pageProbe'
import { profileTrace, TRACE_CATEGORIES, type TraceProfile } from './traceProfile'

export type StreamTarget =
  | { kind: 'app'; url: string; tokens: number }
  /** The Compare panel as shipped: one model in the chat format in every column, all run at once. */
  | { kind: 'compare'; url: string; tokens: number; columns: number }
  | { kind: 'page'; url: string; requests: RunRequest[] }

export interface StreamMeasurement {
  probe: ProbeResult
  trace: TraceProfile | null
  heapBytes: number
  longOver50: number
  longOver100: number
  longestMs: number
  gapP95: number
  gapMax: number
}

/** Opens the Text panel and fills the form for a `sim:tokens=<n>` answer in the chat format. */
export async function prepareTextPanel(page: Page, tokens: number): Promise<void> {
  await page.getByRole('tab', { name: /Text/ }).click()
  // Each measured run starts a new conversation, as a peer's page does: main keeps the Text panel's conversation
  // across pages, so an earlier round's answers would otherwise be part of this one's page and request.
  await clearConversation(page)
  await page.getByLabel('Wire format').selectOption('chat')
  await page.getByLabel('Model', { exact: true }).fill('gpt-4o-mini')
  await page.locator('input[name="max_tokens"]').fill(String(tokens + 1000))
  await page.getByLabel('Message', { exact: true }).fill(textPanelPrompt(tokens))
}

/** Clears the Text panel's conversation (if it has turns) and dismisses the Undo offer that follows. */
async function clearConversation(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Clear conversation' }).click()
  await page.locator('article.turn').first().waitFor({ state: 'detached' })
  const dismiss = page.getByRole('button', { name: 'Dismiss' })
  if (await dismiss.isVisible()) await dismiss.click()
}

/**
 * Opens the Compare panel with `columns` columns, each in the chat format on the same model (so every column gets
 * the same answer a peer page can be handed), and fills the shared draft for a `tokens`-long answer.
 */
/** How long the trace goes on after the final text is on screen: what the run's end sets off is counted. */
const SETTLE_MS = 1500

export async function prepareComparePanel(page: Page, tokens: number, columns: number): Promise<void> {
  await page.getByRole('tab', { name: /Compare$/ }).click()
  // New columns each measured run, as a peer's page starts empty: the panel shows its last answers again on a new
  // page, and an earlier round's four answers would otherwise be taken down inside this one's trace.
  await page.getByLabel('Preset model', { exact: true }).fill('gpt-4o-mini')
  await page.getByRole('button', { name: 'One model, all four formats' }).click()
  const addColumn = page.getByRole('button', { name: /Add column/ })
  while ((await page.getByTestId('compare-column').count()) < columns) await addColumn.click()
  for (let n = 1; n <= columns; n++) {
    await page.getByLabel(`Column ${n} format`).selectOption('chat')
    await page.getByLabel(`Column ${n} model`).fill('gpt-4o-mini')
  }
  const parameters = page.getByText('Parameters for every column')
  await parameters.click()
  await page.locator('input[name="max_tokens"]').fill(String(tokens + 1000))
  await parameters.click()
  await page.getByLabel('Prompt', { exact: true }).fill(textPanelPrompt(tokens))
  // The reader watches the answers: the columns' bottoms in view, as far as the window allows.
  await page
    .locator('.compare-column-body')
    .first()
    .evaluate((body) => body.scrollIntoView({ block: 'end' }))
}

/** The message the Text panel sends for a `tokens`-long answer. */
export function textPanelPrompt(tokens: number): string {
  return `sim:tokens=${tokens} markdown with code blocks and tables`
}

/**
 * The Text panel's request made standalone for another page: the panel names its run and refers to the
 * conversation main keeps for it, so the copy drops the run id and carries the one user turn in its draft.
 * The gateway then receives the same body, and the simulator answers the same text.
 */
export function standaloneRequest(sent: RunRequest, prompt: string): RunRequest {
  const { runId: _runId, conversation: _conversation, ...rest } = sent
  return {
    ...rest,
    draft: { ...sent.draft, messages: [{ role: 'user', parts: [{ type: 'text', text: prompt }] }] },
  }
}

export async function measureStream(
  browser: Browser,
  target: StreamTarget,
  options: {
    timeoutMs: number
    trace?: boolean
    viewport?: { width: number; height: number }
    /** Also writes the raw trace there (for reading in DevTools or a script). */
    traceFile?: string
    /** Trace categories beyond what the profile needs (invalidation tracking, paint detail). */
    extraCategories?: string[]
  },
): Promise<StreamMeasurement> {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1440, height: 900 } })
  const runs =
    target.kind === 'page' ? target.requests.length : target.kind === 'compare' ? target.columns : 1
  try {
    const page = await context.newPage()
    await installProbe(page, runs)
    await page.goto(target.url)
    if (target.kind === 'app') await prepareTextPanel(page, target.tokens)
    else if (target.kind === 'compare') await prepareComparePanel(page, target.tokens, target.columns)
    else await page.waitForFunction(() => typeof window.streamPage === 'object')
    const cdp = await context.newCDPSession(page)
    if (options.trace !== false)
      await browser.startTracing(page, {
        categories: [...TRACE_CATEGORIES, ...(options.extraCategories ?? [])],
      })
    if (target.kind === 'app') await page.getByLabel('Message', { exact: true }).press('Control+Enter')
    else if (target.kind === 'compare')
      await page.getByLabel('Prompt', { exact: true }).press('Control+Enter')
    else await page.evaluate((requests) => window.streamPage!.start(requests), target.requests)
    const probe = await readProbe(page, options.timeoutMs)
    // The work a run's end sets off (its exchange arriving after the end, the Inspector and the timeline lanes
    // reading it, History) belongs to the run too: the trace goes on a while after the final text, on every page.
    await page.waitForTimeout(SETTLE_MS)
    const traceJson = options.trace !== false ? await browser.stopTracing() : null
    if (traceJson && options.traceFile) writeFileSync(options.traceFile, traceJson)
    const trace = traceJson ? profileTrace(traceJson) : null
    const heapBytes = await heapAfterGc(cdp)
    return {
      probe,
      trace,
      heapBytes,
      longOver50: probe.longTasks.filter((d) => d > 50).length,
      longOver100: probe.longTasks.filter((d) => d > 100).length,
      longestMs: Math.max(0, ...probe.longTasks),
      gapP95: percentile(probe.gaps, 95),
      gapMax: Math.max(0, ...probe.gaps),
    }
  } finally {
    await context.close()
  }
}

/**
 * P2's rAF bar, 33 ms, is two 60 Hz frames; frame times are measured as 33.3 or 33.4 ms, so the bar is
 * compared with that quantum's tolerance (one dropped frame in a row passes, two do not).
 */
export const RAF_P95_BAR_MS = 33.5

/** P2's bars: zero tasks over 100 ms, rAF p95 at most two frames (33 ms), final text within 250 ms. */
export function holdsP2(m: StreamMeasurement): boolean {
  return (
    m.longOver100 === 0 &&
    m.gapP95 <= RAF_P95_BAR_MS &&
    m.probe.finalLagMs !== null &&
    m.probe.finalLagMs <= 250
  )
}
