// Opening each panel after the first load (issue 22: at most 150 ms): in the page, the tab is clicked (a plain
// click, no hover first) and the time runs until the panel's heading is in the document and a frame has been
// painted after it, measured with the page's own clock.
import type { Page } from 'playwright-core'

export const PANEL_IDS = ['compare', 'video', 'images', 'jobs', 'embeddings', 'history', 'cases', 'settings']

/** ms from the click to the first frame with the panel's heading, per panel id, in the order given. */
export async function panelOpenTimes(page: Page, ids = PANEL_IDS): Promise<Record<string, number>> {
  const times: Record<string, number> = {}
  // tsx compiles the evaluated function with keepNames, which calls a __name helper the page lacks.
  await page.evaluate('globalThis.__name = (f) => f')
  for (const id of ids) {
    times[id] = await page.evaluate(
      (panel) =>
        new Promise<number>((resolve, reject) => {
          const tab = document.getElementById(`tab-${panel}`)
          if (!tab) return reject(new Error(`no tab for ${panel}`))
          const t0 = performance.now()
          tab.click()
          const check = () => {
            if (document.querySelector(`#panel-${panel} h1`))
              requestAnimationFrame(() => resolve(performance.now() - t0))
            else if (performance.now() - t0 > 10_000) reject(new Error(`${panel} did not open in 10 s`))
            else requestAnimationFrame(check)
          }
          check()
        }),
      id,
    )
  }
  return times
}
