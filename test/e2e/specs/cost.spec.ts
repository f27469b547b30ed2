// What runs cost, in Chromium against the built-in simulator and its demo prices: the model picker (search,
// keyboard, favourites, what is known per model), each answer's cost beside its usage and the conversation's
// total in Text, at 1024 and 1920 px. Every figure is checked against usage × price by hand.
import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { TextPage } from '../pages/TextPage'

/** The simulator profile's demo prices, per 1M tokens (src/shared/cost/demoPrices.ts). */
const DEMO = {
  'gpt-4o-mini': { input: 0.15, output: 0.6 },
  'claude-sonnet-4-6': { input: 3, output: 15 },
} as const

/** `in 12 · out 40` from a run's footer. */
async function usageOf(page: Page): Promise<{ input: number; output: number }> {
  const footer = (await page.getByTestId('run-footer').textContent()) ?? ''
  const input = Number(/\bin (\d+)/.exec(footer)?.[1])
  const output = Number(/\bout (\d+)/.exec(footer)?.[1])
  return { input, output }
}

/** Micro-units to dollars as the app writes them: at least 2 and at most 6 decimals. */
const dollars = (micros: number) =>
  `$${(micros / 1e6).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })}`

for (const width of [1024, 1920]) {
  test(`Text shows each answer's cost from its usage and the conversation's total at ${width} px`, async ({
    page,
    app,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    await page.goto(app.url)
    const text = new TextPage(page)
    await text.open()
    await page.getByLabel('Wire format').selectOption({ label: 'Messages' })

    // The picker: search by words, see what is known, pick with the keyboard.
    const model = page.getByRole('combobox', { name: 'Model', exact: true })
    await model.fill('sonnet')
    const list = page.getByRole('listbox', { name: 'Model: models' })
    const sonnet = list.getByRole('option', { name: /claude-sonnet-4-6/ })
    await expect(sonnet).toContainText('200K context')
    await expect(sonnet).toContainText('$3.00 / $15.00 per 1M in / out (demo price, 2025-01-01)')
    await expect(
      page.getByRole('status').filter({ hasText: 'This gateway does not list its models' }),
    ).toBeVisible()
    await model.press('Enter')
    await expect(model).toHaveValue('claude-sonnet-4-6')
    await expect(list).toHaveCount(0)

    let total = 0
    for (const [i, prompt] of ['Describe a lighthouse.', 'And a harbour at night.'].entries()) {
      await text.send(prompt)
      await text.waitDone()
      const { input, output } = await usageOf(page)
      expect(input).toBeGreaterThan(0)
      const micros = Math.round(
        input * DEMO['claude-sonnet-4-6'].input + output * DEMO['claude-sonnet-4-6'].output,
      )
      total += micros
      await expect(page.getByTestId('run-footer')).toContainText(`cost ${dollars(micros)}`)
      await expect(page.getByTestId('conversation-cost')).toHaveText(
        `This conversation: ${dollars(total)} for ${i + 1} answer${i ? 's' : ''}`,
      )
    }
    // Each earlier answer keeps its own cost in its header.
    await expect(page.getByRole('article', { name: 'assistant turn 2' })).toContainText('$')
    await page.screenshot({ path: test.info().outputPath(`text-cost-${width}.png`) })
  })
}

test('the picker keeps favourites first and ids typed as typed, with a model outside every list noted', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  const model = page.getByRole('combobox', { name: 'Model', exact: true })
  await model.click()
  const list = page.getByRole('listbox', { name: 'Model: models' })
  await list.getByRole('button', { name: 'Add grok-4 to favourites' }).click()
  await model.press('Escape')
  await model.click()
  await expect(list.getByRole('option').first()).toContainText('grok-4')
  // Alt+F on the active option takes it out again.
  await model.fill('grok')
  await model.press('Alt+f')
  await expect(list.getByRole('button', { name: 'Add grok-4 to favourites' })).toBeVisible()

  await model.fill('team/fine-tune-7')
  await expect(list.getByRole('option', { name: /Use team\/fine-tune-7 as typed/ })).toBeVisible()
  await page.getByRole('button', { name: "Keep “team/fine-tune-7” in this profile's models" }).click()
  await expect(list.getByRole('option', { name: /team\/fine-tune-7/ }).first()).toContainText('yours')
  await model.press('Escape')
  await expect(model).toHaveValue('team/fine-tune-7')

  // Priced with the demo prices: sending a model nobody priced says so instead of costing nothing.
  await text.send('Hello')
  await text.waitDone()
  await expect(page.getByTestId('run-footer')).toContainText(
    'cost unknown: no token price is set for team/fine-tune-7',
  )
})
