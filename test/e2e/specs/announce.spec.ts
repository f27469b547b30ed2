// Screen readers hear a run through one polite status region per panel: its start, then its end (done, failed,
// stopped) with the answer once. The streaming answer carries no live region, so tokens are never read out; the
// region's messages are recorded as they change to prove it speaks at the start and the end only.
import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { ComparePage, faultyProfile } from '../pages/ComparePage'
import { SettingsPage } from '../pages/SettingsPage'
import { TextPage } from '../pages/TextPage'

/** Records every text the panel's run status region takes, in order. */
async function recordAnnouncements(page: Page): Promise<void> {
  await page.evaluate(() => {
    const region = document.querySelector('[data-testid="run-announcer"]')!
    const seen: string[] = []
    ;(window as unknown as { announced: string[] }).announced = seen
    new MutationObserver(() => {
      const t = region.textContent ?? ''
      if (t && seen[seen.length - 1] !== t) seen.push(t)
    }).observe(region, { childList: true, characterData: true, subtree: true })
  })
}

const announced = (page: Page) =>
  page.evaluate(() => (window as unknown as { announced: string[] }).announced)

/** No element that holds the streamed answer sits inside a live region. */
const answerIsQuiet = (page: Page) =>
  page
    .getByTestId('answer-text')
    .evaluateAll((els) =>
      els.every((el) => !el.closest('[aria-live], [role="status"], [role="log"], [role="alert"]')),
    )

test('the Text panel announces a run once when it starts and once when it ends, with the answer', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  const region = page.getByRole('status', { name: 'Run status' })
  await expect(region).toHaveAttribute('aria-live', 'polite')
  await recordAnnouncements(page)
  await text.send('Tell me a short story about a lighthouse')
  await text.waitDone()
  const answer = (await text.answer.innerText()).trim()
  expect(answer.length).toBeGreaterThan(20)
  await expect.poll(() => announced(page)).toHaveLength(2)
  const [start, end] = await announced(page)
  expect(start).toMatch(/: sending…$/)
  expect(end).toContain(': done. ')
  expect(end).toContain(answer.slice(0, 40))
  expect(await answerIsQuiet(page)).toBe(true)
  expect(
    await page
      .locator('[aria-live]')
      .filter({ hasText: answer.slice(0, 40) })
      .count(),
  ).toBe(1)
})

test('Compare announces the start of a run and each column’s end (done, failed, stopped) once', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const broken = await faultyProfile(page, 'error:6')
  const compare = new ComparePage(page)
  await compare.open()
  await compare.usePreset('gpt-4o-mini')
  await compare.column(4).getByLabel('Column 4 profile').selectOption({ label: broken })
  await page.getByLabel('Prompt', { exact: true }).fill('Name three colours.')
  await recordAnnouncements(page)
  await page.getByRole('button', { name: 'Run all' }).click()
  await expect(page.getByRole('button', { name: 'Run all' })).toBeVisible({ timeout: 30_000 })
  await expect.poll(() => announced(page)).toHaveLength(2)
  const [start, end] = await announced(page)
  expect(start).toBe('Running 4 columns…')
  for (let n = 1; n <= 3; n++) expect(end).toContain(`Column ${n} (gpt-4o-mini): done. `)
  expect(end).toMatch(/Column 4 \(gpt-4o-mini\): failed\. \S/)
  expect(await answerIsQuiet(page)).toBe(true)

  // Stopped: the same profile made slow (5 tokens a second) on every column, stopped with Esc, says so.
  const settings = new SettingsPage(page)
  await settings.open()
  await settings.profileButton(broken).click()
  await settings.card(broken).getByRole('button', { name: 'Edit' }).click()
  const form = page.getByRole('form', { name: `Edit ${broken}` })
  await form.getByLabel('Header 1 value').fill('tps:5')
  await form.getByRole('button', { name: 'Save changes' }).click()
  await compare.open()
  for (let n = 1; n <= 4; n++)
    await compare.column(n).getByLabel(`Column ${n} profile`).selectOption({ label: broken })
  await page.getByLabel('Prompt', { exact: true }).fill('Tell a very long story about the sea, at length.')
  await recordAnnouncements(page)
  await page.getByLabel('Prompt', { exact: true }).press('Control+Enter')
  await expect(page.getByRole('button', { name: 'Stop all' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: 'Run all' })).toBeVisible({ timeout: 30_000 })
  await expect.poll(() => announced(page)).toHaveLength(2)
  const [again, last] = await announced(page)
  expect(again).toBe('Running 4 columns…')
  for (let n = 1; n <= 4; n++) expect(last).toContain(`Column ${n} (gpt-4o-mini): stopped.`)
})
