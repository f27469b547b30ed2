// S3 in real Chromium: the hostile corpus rendered by the Markdown component (whole and streamed a few
// characters at a time) under the app's CSP runs nothing, loads nothing, navigates nowhere, and leaves only
// allowlisted elements, attributes and http(s)/mailto links in the DOM. The same holds with no CSP at all.
import { expect, test, type Page } from '@playwright/test'
import type {} from '../harness/markdown/api'
import { HOSTILE_PAYLOADS, type HostilePayload } from '../harness/markdown/hostilePayloads'
import { startMarkdownHarness, type MarkdownHarnessServer } from '../harness/markdown/serve'

interface Watch {
  requests: string[]
  navigations: string[]
  dialogs: string[]
  pageErrors: string[]
}

let server: MarkdownHarnessServer

test.beforeAll(async () => {
  server = await startMarkdownHarness()
})
test.afterAll(async () => {
  await server?.close()
})

async function openHarness(page: Page, url: string): Promise<Watch> {
  const watch: Watch = { requests: [], navigations: [], dialogs: [], pageErrors: [] }
  // Nothing may leave loopback even if a payload escaped.
  await page.route('**/*', (route) =>
    new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort(),
  )
  page.on('dialog', (dialog) => {
    watch.dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  page.on('pageerror', (error) => watch.pageErrors.push(error.message))
  await page.goto(url)
  await page.waitForFunction(() => typeof window.renderMarkdown === 'function')
  page.on('request', (request) => watch.requests.push(request.url()))
  page.on('framenavigated', (frame) => watch.navigations.push(frame.url()))
  return watch
}

/**
 * Renders each payload whole, then streamed in small chunks, and inspects the DOM after every render.
 * Runs inside the page so thousands of renders take seconds. Returns every problem found.
 */
function renderCorpusInPage(page: Page, payloads: readonly HostilePayload[]): Promise<string[]> {
  return page.evaluate((payloads) => {
    const harness = window.markdownHarness
    const TAGS = new Set(
      (
        'DIV P SPAN H1 H2 H3 H4 H5 H6 STRONG EM DEL CODE PRE BLOCKQUOTE UL OL LI ' +
        'TABLE THEAD TBODY TR TH TD HR BR A INPUT BUTTON'
      ).split(' '),
    )
    const ATTRIBUTES = new Set([
      'class',
      'href',
      'title',
      'rel',
      'referrerpolicy',
      'type',
      'checked',
      'disabled',
      'readonly',
      'start',
      'aria-busy',
      'aria-label',
      'id',
    ])
    const headBefore = document.head.innerHTML
    const problems: string[] = []
    const inspect = (label: string) => {
      const output = harness.output()
      for (const el of [output, ...output.querySelectorAll('*')]) {
        const tag = el.tagName
        if (el.namespaceURI !== 'http://www.w3.org/1999/xhtml')
          problems.push(`${label}: foreign element <${tag}>`)
        if (!TAGS.has(tag)) problems.push(`${label}: element <${tag.toLowerCase()}>`)
        if (tag === 'INPUT' && (el.getAttribute('type') !== 'checkbox' || !el.hasAttribute('disabled'))) {
          problems.push(`${label}: an input that is not a disabled checkbox`)
        }
        for (const attribute of el.attributes) {
          if (attribute.name.startsWith('on') || !ATTRIBUTES.has(attribute.name)) {
            problems.push(`${label}: attribute ${attribute.name} on <${tag.toLowerCase()}>`)
          }
        }
        const href = el.getAttribute('href')
        if (href !== null) {
          let protocol = ''
          try {
            protocol = new URL(href).protocol
          } catch {
            protocol = 'unparseable'
          }
          if (!['https:', 'http:', 'mailto:'].includes(protocol)) problems.push(`${label}: href ${href}`)
          if (tag !== 'A') problems.push(`${label}: href on <${tag.toLowerCase()}>`)
        }
      }
      const dangerous = document.querySelectorAll(
        'iframe, object, embed, base, form, meta[http-equiv], frame, svg, math',
      )
      if (dangerous.length > 0)
        problems.push(`${label}: ${dangerous.length} dangerous elements in the document`)
      if (document.scripts.length !== 1)
        problems.push(`${label}: ${document.scripts.length} scripts in the document`)
      if (document.head.innerHTML !== headBefore) problems.push(`${label}: the document head changed`)
      if (window.__pwned !== undefined) problems.push(`${label}: canary set`)
    }
    for (const payload of payloads) {
      harness.render(payload.text, false)
      inspect(`${payload.name} (whole)`)
      // Chunk sizes 1..5 cycle so every split point of short payloads is seen at least once.
      let end = 0
      for (let i = 0; end < payload.text.length; i++) {
        end = Math.min(payload.text.length, end + 1 + (i % 5))
        harness.render(payload.text.slice(0, end), true)
        inspect(`${payload.name} (streamed to ${end})`)
      }
      harness.render(payload.text, false)
      inspect(`${payload.name} (finished)`)
      harness.render('', false)
    }
    return problems
  }, payloads)
}

function expectQuiet(watch: Watch) {
  expect(watch.dialogs, 'dialogs opened').toEqual([])
  expect(watch.requests, 'requests that left the page').toEqual([])
  expect(watch.navigations, 'navigations').toEqual([])
  expect(watch.pageErrors, 'uncaught page errors').toEqual([])
}

test('the harness is served with the app CSP', async ({ page }) => {
  const response = await page.goto(server.url)
  expect(response!.headers()['content-security-policy']).toBe(server.csp)
  expect(server.csp).toContain("script-src 'self'")
})

const corpusTitle =
  `${HOSTILE_PAYLOADS.length} hostile payloads, whole and streamed, ` +
  'execute and load nothing under the CSP'
test(corpusTitle, async ({ page }) => {
  expect(HOSTILE_PAYLOADS.length).toBeGreaterThanOrEqual(50)
  const watch = await openHarness(page, server.url)
  const problems = await renderCorpusInPage(page, HOSTILE_PAYLOADS)
  expect(problems).toEqual([])
  // Give anything deferred (onload, refresh, lazy image) time to fire before the final checks.
  await page.waitForTimeout(500)
  expect(await page.evaluate(() => window.__pwned)).toBeUndefined()
  expect(await page.evaluate(() => window.markdownHarness.cspViolations)).toEqual([])
  expect(page.url()).toBe(server.url)
  expectQuiet(watch)
})

test('the hostile corpus executes and loads nothing even without a CSP', async ({ page }) => {
  const watch = await openHarness(page, server.urlWithoutCsp)
  const problems = await renderCorpusInPage(page, HOSTILE_PAYLOADS)
  expect(problems).toEqual([])
  await page.waitForTimeout(500)
  expect(await page.evaluate(() => window.__pwned)).toBeUndefined()
  expect(page.url()).toBe(server.urlWithoutCsp)
  expectQuiet(watch)
})

test('clicking every link the corpus produced only hands http(s)/mailto URLs to the host', async ({
  page,
}) => {
  const watch = await openHarness(page, server.url)
  const clicked = await page.evaluate((payloads) => {
    const harness = window.markdownHarness
    let count = 0
    harness.render(payloads.map((p) => p.text).join('\n\n'), false)
    for (const el of harness.output().querySelectorAll('a, span, code, p, li, td')) {
      ;(el as HTMLElement).click()
      count++
    }
    return count
  }, HOSTILE_PAYLOADS)
  expect(clicked).toBeGreaterThan(100)
  const opened = await page.evaluate(() => window.markdownHarness.openedLinks)
  expect(opened.length).toBeGreaterThan(0)
  for (const url of opened) expect(['https:', 'http:', 'mailto:']).toContain(new URL(url).protocol)
  expect(opened.some((url) => url.includes('javascript') && !url.startsWith('http'))).toBe(false)
  await page.waitForTimeout(300)
  expect(await page.evaluate(() => window.__pwned)).toBeUndefined()
  expect(page.url()).toBe(server.url)
  expectQuiet(watch)
})

test('a real click and a middle click on a link call onOpenLink and do not navigate', async ({
  page,
  context,
}) => {
  const watch = await openHarness(page, server.url)
  await page.evaluate(() => window.renderMarkdown('Read [the docs](https://docs.example.com/guide?x=1) now.'))
  const link = page.getByRole('link', { name: 'the docs' })
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
  await link.click()
  await link.click({ button: 'middle' })
  await link.click({ modifiers: ['Control'] })
  await link.click({ modifiers: ['Shift'] })
  expect(await page.evaluate(() => window.markdownHarness.openedLinks)).toEqual(
    Array(4).fill('https://docs.example.com/guide?x=1'),
  )
  await link.focus()
  await page.keyboard.press('Enter')
  expect(await page.evaluate(() => window.markdownHarness.openedLinks)).toHaveLength(5)
  expect(context.pages()).toHaveLength(1)
  expect(page.url()).toBe(server.url)
  expectQuiet(watch)
})

test('a code block copies its text with the Copy button', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(server.url).origin,
  })
  await openHarness(page, server.url)
  await page.evaluate(() => window.renderMarkdown('```js\nconsole.log("<b>hi</b>")\n```\n'))
  await expect(page.locator('.md-code-lang')).toHaveText('js')
  await page.getByRole('button', { name: 'Copy code' }).click()
  await expect(page.getByRole('button', { name: 'Copy code' })).toHaveText('Copied')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('console.log("<b>hi</b>")')
})

test('a long answer keeps its finished chapters as they were once scrolled away: text, height, selection, copy', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(server.url).origin,
  })
  await openHarness(page, server.url)
  // 1,100 blocks streamed a frame at a time, each part on screen as it is written (as the Text panel follows
  // a stream): more than a chapter (32 pages of 32 blocks), so the first one is finished.
  await page.evaluate(async () => {
    let text = ''
    for (let i = 0; i < 1100; i++)
      text +=
        i % 50 === 0 ? `\`\`\`js\nconst block = ${i}\n\`\`\`\n\n` : `Paragraph ${i} with *emphasis*.\n\n`
    for (let end = 0; end < text.length; end += 300) {
      window.markdownHarness.render(text.slice(0, end), true)
      await new Promise(requestAnimationFrame)
    }
    window.markdownHarness.render(text, true)
  })
  const first = page.locator('.md-chapter').first()
  // Scrolled away as the stream is followed, it is frozen: the browser skips it, React holds nothing of it.
  await expect(first).toHaveClass(/md-chapter-frozen/)
  const output = page.locator('#output')
  const frozenHeight = await first.evaluate((el) => el.getBoundingClientRect().height)
  const scrollHeight = await output.evaluate((el) => el.scrollHeight)

  const selected = await output.evaluate((el) => {
    getSelection()!.selectAllChildren(el)
    return getSelection()!.toString()
  })
  for (const i of [1, 501, 1023, 1099]) expect(selected).toContain(`Paragraph ${i} with emphasis.`)
  expect(selected).toContain('const block = 0')

  await output.evaluate((el) => el.scrollTo(0, 0))
  await expect(page.getByText('Paragraph 1 with emphasis.')).toBeInViewport()
  await expect(first.locator('em').first()).toHaveText('emphasis')
  // Shown again exactly at the size it had: nothing below it moves.
  expect(await first.evaluate((el) => el.getBoundingClientRect().height)).toBeCloseTo(frozenHeight, 0)
  expect(await output.evaluate((el) => el.scrollHeight)).toBeCloseTo(scrollHeight, 0)

  const copy = first.getByRole('button', { name: 'Copy code' }).first()
  await copy.click()
  await expect(copy).toHaveText('Copied')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('const block = 0')
  await expect(copy).toHaveText('Copy')
})
