// The layout holds from a small laptop to a large screen: every panel (and every text format's parameters) at
// 960×700, 1280×800 and 1920×1080 has no label or control over another and none out of reach; a screenshot of
// each view is kept with the test's artefacts (test-results/).
import { expect, test } from '../fixtures'
import { expectCleanLayout } from '../pages/layoutCheck'
import { LAYOUT_VIEWS, openPanel } from '../pages/layoutViews'
import { EmbeddingsPage } from '../pages/EmbeddingsPage'
import { TextPage } from '../pages/TextPage'

const SIZES = [
  { width: 960, height: 700 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
]

for (const size of SIZES) {
  const at = `${size.width}x${size.height}`

  test(`every panel lays out without overlaps or cut-off controls at ${at}`, async ({ page, app }, info) => {
    // Every panel and tab, with an embedding and a rerank run: longer than one interaction.
    test.setTimeout(180_000)
    await page.setViewportSize(size)
    await page.goto(app.url)
    for (const view of LAYOUT_VIEWS) {
      await view.open(page)
      await expectCleanLayout(page, info, `${at}-${view.name}`)
    }
  })

  test(`the Next request / Last sent radios sit beside their labels at ${at}`, async ({ page, app }) => {
    await page.setViewportSize(size)
    await page.goto(app.url)
    await openPanel(page, 'Text')
    const text = new TextPage(page)
    await text.send('hello')
    await text.waitDone()
    const group = page.getByRole('radiogroup', { name: 'Which request' })
    for (const name of ['Next request (draft)', 'Last sent']) {
      const radio = group.getByRole('radio', { name })
      const box = (await radio.boundingBox())!
      const label = (await radio.locator('xpath=..').boundingBox())!
      // A small box at the start of its label's line, not stretched across the column.
      expect(box.width).toBeLessThanOrEqual(24)
      expect(box.x - label.x).toBeLessThanOrEqual(8)
      expect(Math.abs(box.y + box.height / 2 - (label.y + label.height / 2))).toBeLessThanOrEqual(8)
    }
  })

  test(`the request column and the Inspector's frames are reachable after a run at ${at}`, async ({
    page,
    app,
  }, info) => {
    await page.setViewportSize(size)
    await page.goto(app.url)
    await openPanel(page, 'Text')
    const text = new TextPage(page)
    await text.send('hello')
    await text.waitDone()
    for (const tab of ['Request JSON', 'Code'] as const) {
      await page.getByRole('tab', { name: tab }).click()
      await expectCleanLayout(page, info, `${at}-text-${tab.toLowerCase().replace(' ', '-')}`)
    }
    await text.openInspector()
    await page.getByRole('tab', { name: 'Stream' }).click()
    const frame = page.getByRole('listitem').first()
    await expect(frame).toBeVisible()
    await expectCleanLayout(page, info, `${at}-text-inspector-stream`)
    // A frame shows as much of its data as the row has room for, not a few characters.
    const [row, data] = await Promise.all([
      frame.boundingBox(),
      frame.locator('.inspector-frame-data').boundingBox(),
    ])
    expect(data!.width).toBeGreaterThan(row!.width * 0.4)
  })
}

for (const size of SIZES) {
  const at = `${size.width}x${size.height}`

  test(`Compare shows four whole columns with whole pickers, and stacks without empty cards, at ${at}`, async ({
    page,
    app,
  }, info) => {
    await page.setViewportSize(size)
    await page.goto(app.url)
    await openPanel(page, 'Compare')
    const columns = page.getByTestId('compare-column')
    while ((await columns.count()) < 4) await page.getByRole('button', { name: 'Add column' }).click()
    await expect(columns).toHaveCount(4)
    await expectCleanLayout(page, info, `${at}-compare-four`)
    const problems = await page.evaluate(() => {
      const out: string[] = []
      const strip = document.querySelector('.compare-columns')!.getBoundingClientRect()
      const canvas = document.createElement('canvas').getContext('2d')!
      document.querySelectorAll('[data-testid=compare-column]').forEach((col, i) => {
        const box = col.getBoundingClientRect()
        // Every column whole on screen: none cut by the strip's edge or the window's.
        if (box.right > Math.min(strip.right, window.innerWidth) + 1 || box.left < strip.left - 1)
          out.push(`column ${i + 1} is cut (${Math.round(box.left)}–${Math.round(box.right)})`)
        for (const sel of col.querySelectorAll('select')) {
          const cs = getComputedStyle(sel)
          canvas.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`
          const text = sel.selectedOptions[0]?.textContent ?? ''
          // The arrow takes about 20 px on the right of a select.
          const room = sel.clientWidth - parseFloat(cs.paddingLeft) - 20
          if (canvas.measureText(text).width > room)
            out.push(`column ${i + 1}: "${text}" does not fit its ${Math.round(sel.clientWidth)} px picker`)
        }
      })
      return out
    })
    expect(problems).toEqual([])

    await page.getByRole('button', { name: 'Stack columns' }).click()
    await expectCleanLayout(page, info, `${at}-compare-stacked`)
    const empty = await columns.evaluateAll((cols) =>
      cols.map((col) => {
        // What each part shows: the column's view counts as the height of what is in it, not of its box.
        const shows = (c: Element): number =>
          c.classList.contains('compare-column-body')
            ? [...c.children].reduce((sum, k) => sum + k.getBoundingClientRect().height, 0)
            : c.getBoundingClientRect().height
        const inner = [...col.children].reduce((sum, c) => sum + shows(c), 0)
        return Math.round(col.getBoundingClientRect().height - inner)
      }),
    )
    // A stacked card is as tall as what it holds (gaps and padding only), not a tall empty box.
    for (const gap of empty) expect(gap).toBeLessThanOrEqual(80)
  })
}

for (const size of SIZES) {
  const at = `${size.width}x${size.height}`

  test(`Save as case fits on one line and opens where the user is looking at ${at}`, async ({
    page,
    app,
  }, info) => {
    await page.setViewportSize(size)
    await page.goto(app.url)
    await openPanel(page, 'Text')
    const text = new TextPage(page)
    await text.send('hello')
    await text.waitDone()
    const trigger = page.getByRole('button', { name: 'Save as case' })
    // One line: its words lay out as a single line box.
    const lines = await trigger.evaluate((el) => {
      const range = document.createRange()
      range.selectNodeContents(el)
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size
    })
    expect(lines).toBe(1)
    await trigger.click()
    const form = page.getByRole('form', { name: 'Save as case' })
    await expect(form).toBeVisible()
    await expect(form).toBeInViewport({ ratio: 0.5 })
    await expect(form.getByRole('heading', { name: 'Save as case' })).toBeInViewport()
    await expectCleanLayout(page, info, `${at}-save-as-case`)
  })
}

for (const width of [1024, 1280]) {
  test(`the embeddings cross-format table shows its verdict column at ${width} px`, async ({ page, app }) => {
    await page.setViewportSize({ width, height: 800 })
    await page.goto(app.url)
    const emb = new EmbeddingsPage(page)
    await emb.open()
    await emb.setInputs([
      'A cat sat on the mat.',
      'A long sentence that names its subject twice: the subject.',
    ])
    await emb.embedForm.getByRole('button', { name: 'Cross-format check' }).click()
    const table = page.getByRole('table', { name: 'Cross-format comparison' })
    await expect(page.getByTestId('cross-check-row')).toHaveCount(2, { timeout: 20_000 })
    const verdict = table.getByRole('columnheader', { name: 'Verdict' })
    // Seen without scrolling sideways: inside the window and inside whatever clips the table.
    await verdict.evaluate((th) =>
      th.closest('section')!.scrollIntoView({ block: 'start', inline: 'nearest' }),
    )
    const clipped = await verdict.evaluate((th) => {
      const box = th.getBoundingClientRect()
      for (let el = th.parentElement; el; el = el.parentElement) {
        const cs = getComputedStyle(el)
        if (cs.overflowX === 'visible') continue
        const r = el.getBoundingClientRect()
        if (box.right > r.right + 1 || el.scrollLeft > 0) return true
      }
      return box.right > window.innerWidth
    })
    expect(clipped).toBe(false)
    await expect(table.getByText('agrees').first()).toBeInViewport()
  })
}
