// The parameters form of every wire format at a laptop and a small window: no label or control overlaps
// another (measured from bounding boxes in Chromium), invalid Tools / Structured output JSON is reported at
// the field with line and column and named beside the preview, and each format starts with its own model.
import { expect, test } from '../fixtures'
import type { Page } from '@playwright/test'
import { TextPage } from '../pages/TextPage'

const FORMATS = ['Chat completions', 'Responses', 'Messages', 'Native (generateContent)'] as const
const SIZES = [
  { width: 1280, height: 800 },
  { width: 960, height: 700 },
] as const

interface Box {
  what: string
  x: number
  y: number
  width: number
  height: number
}

/** Boxes of every line of label text (each text fragment) and every control of the parameters form. */
async function parameterBoxes(page: Page): Promise<Box[]> {
  return page.locator('div.params').evaluate((root) => {
    const out: Box[] = []
    const push = (what: string, r: DOMRect) => {
      if (r.width > 0 && r.height > 0) out.push({ what, x: r.x, y: r.y, width: r.width, height: r.height })
    }
    root.querySelectorAll('input, select, textarea').forEach((node, i) => {
      push(
        `${i}:${node.tagName.toLowerCase()} ${node.getAttribute('name') ?? ''}`,
        node.getBoundingClientRect(),
      )
    })
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? ''
      if (!text || node.parentElement?.closest('select, textarea, option')) continue
      const range = document.createRange()
      range.selectNodeContents(node)
      Array.from(range.getClientRects()).forEach((r, line) =>
        push(`"${text.slice(0, 40)}" line ${line + 1}`, r),
      )
    }
    return out
  })
}

function overlaps(a: Box, b: Box): boolean {
  const e = 0.5 // sub-pixel rounding
  return (
    a.x + a.width > b.x + e && b.x + b.width > a.x + e && a.y + a.height > b.y + e && b.y + b.height > a.y + e
  )
}

for (const size of SIZES) {
  test(`no label or control of any format's parameters overlaps another at ${size.width}×${size.height}`, async ({
    page,
    app,
  }, info) => {
    await page.setViewportSize(size)
    await page.goto(app.url)
    const text = new TextPage(page)
    await text.open()
    for (const format of FORMATS) {
      await page.getByLabel('Wire format').selectOption({ label: format })
      const params = page.locator('div.params')
      const reasoning = params.getByLabel('Ask for reasoning')
      if (!(await reasoning.isChecked())) await reasoning.check()
      await params.getByText('Other fields of this format (JSON)').click()
      await params.evaluate((el) => el.scrollIntoView())
      const boxes = await parameterBoxes(page)
      expect(boxes.length).toBeGreaterThan(12)
      const clashes: string[] = []
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++)
          if (overlaps(boxes[i]!, boxes[j]!)) clashes.push(`${boxes[i]!.what} ⟷ ${boxes[j]!.what}`)
      await info.attach(`parameters-${format}-${size.width}.png`, {
        body: await params.screenshot(),
        contentType: 'image/png',
      })
      expect(clashes, `${format} at ${size.width}px`).toEqual([])
      await params.getByText('Other fields of this format (JSON)').click()
    }
  })
}

test('invalid Tools and Structured output JSON is reported at the field with line and column, and named beside the preview', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  const tools = page.getByLabel(/Function definitions/)
  await tools.fill('[{"name": "lookup",\n  "parameters": {"type": "object",}}]')
  const toolsField = page.locator('label', { has: tools })
  await expect(toolsField.locator('.field-error')).toHaveText(/^Tools: not valid JSON at line 2, column \d+/)
  await expect(tools).toHaveAttribute('aria-invalid', 'true')

  const schema = page.getByLabel(/JSON schema of the answer/)
  await schema.fill('["not", "an object"]')
  await expect(page.locator('label', { has: schema }).locator('.field-error')).toHaveText(
    'Structured output: must be a JSON schema object',
  )

  // The preview says which fields it leaves out instead of silently dropping them.
  const leftOut = page.getByRole('list', { name: 'Fields left out of this request' })
  await expect(leftOut).toContainText('Tools: not valid JSON at line 2')
  await expect(leftOut).toContainText('Structured output: must be a JSON schema object')

  // Fixed: the errors go and the tool appears in the body.
  await tools.fill('[{"name": "lookup", "parameters": {"type": "object"}}]')
  await schema.fill('')
  await expect(toolsField.locator('.field-error')).toHaveCount(0)
  await expect(leftOut).toHaveCount(0)
  await expect(page.getByLabel('Request body JSON')).toHaveValue(/"lookup"/)
})

test('each format starts with a model of its own, and a model the user typed is kept', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  const model = page.getByLabel('Model', { exact: true })
  const format = page.getByLabel('Wire format')
  await format.selectOption({ label: 'Native (generateContent)' })
  await expect(model).toHaveValue('gemini-2.5-flash')
  await expect(page.locator('.request-line')).toContainText('gemini-2.5-flash')
  await format.selectOption({ label: 'Messages' })
  await expect(model).toHaveValue('claude-sonnet-4-6')
  await format.selectOption({ label: 'Chat completions' })
  await expect(model).toHaveValue('claude-sonnet-4-6') // the chat format reaches claude models too
  await model.fill('my-own-model')
  await format.selectOption({ label: 'Native (generateContent)' })
  await expect(model).toHaveValue('my-own-model')
})
