// An answer cut off by a reload or a restart is not lost from the conversation: what had arrived is there as the
// answer's turn, marked "Interrupted", with Continue (the model goes on from it, and it grows in place) and
// Regenerate; the next Send follows it, never repeating the question with no answer between.
import { expect, test } from '../fixtures'
import type { Page } from '@playwright/test'
import { TextPage } from '../pages/TextPage'

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1024, 1920]) {
    await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 })
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

test('a reload mid-answer keeps what arrived in the conversation, marked, and Continue grows it in place', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Chat completions', 'gpt-4o-mini')
  await text.send('sim:tokens=6000 the long history of lighthouses')
  await expect(text.answer).toContainText('Part 1', { timeout: 20_000 })
  // Let a good part arrive (and be kept by main) before the reload cuts it off.
  await expect
    .poll(async () => ((await text.answer.textContent()) ?? '').length, { timeout: 20_000 })
    .toBeGreaterThan(900)
  await page.waitForTimeout(600)
  await page.reload()

  const answer = page.getByRole('article', { name: 'assistant turn 2' })
  await expect(answer).toContainText('Part 1')
  const note = answer.getByTestId('partial-note')
  await expect(note).toContainText('Interrupted')
  await expect(note.getByRole('button', { name: 'Continue' })).toBeVisible()
  await expect(note.getByRole('button', { name: 'Regenerate' })).toBeVisible()
  await shoot(page, 'interrupted-by-reload')
  const kept = ((await answer.getByTestId('turn-body').textContent()) ?? '').trim()
  expect(kept.length).toBeGreaterThan(200)

  await note.getByRole('button', { name: 'Continue' }).click()
  await text.waitDone()
  // One answer, grown in place: it starts with what had arrived and is no longer marked.
  await expect(page.getByRole('article', { name: /turn 3/ })).toHaveCount(0)
  const grown = page.getByRole('article', { name: 'assistant turn 2' })
  await expect(grown.getByTestId('partial-note')).toHaveCount(0)
  const whole = ((await grown.getByTestId('answer-text').textContent()) ?? '').trim()
  expect(whole.length).toBeGreaterThan(kept.length)
  expect(whole.slice(0, 200)).toBe(kept.slice(0, 200))
  await shoot(page, 'interrupted-continued')
})

test('a restart mid-answer keeps it in the conversation; the next Send follows it and Regenerate replaces it', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Chat completions', 'gpt-4o-mini')
  await text.send('sim:tokens=6000 tell me about tides')
  await expect(text.answer).toContainText('Part 1', { timeout: 20_000 })
  await page.waitForTimeout(1200)
  await app.restart()
  await page.goto(app.url)
  await text.open()
  await expect(page.getByRole('status', { name: 'Interrupted runs' })).toContainText(
    'in the conversation it answered',
  )
  const answer = page.getByRole('article', { name: 'assistant turn 2' })
  await expect(answer.getByTestId('partial-note')).toContainText('Interrupted')
  await shoot(page, 'interrupted-by-restart')

  // Regenerate drops the partial answer and asks again: one new, whole answer in its place.
  await answer.getByRole('button', { name: 'Regenerate' }).click()
  await text.waitDone()
  await expect(page.getByRole('article', { name: 'assistant turn 2' })).toBeVisible()
  await expect(page.getByTestId('partial-note')).toHaveCount(0)
  await expect(page.getByRole('article', { name: /turn 3/ })).toHaveCount(0)

  await text.send('And what about the moon?')
  await text.waitDone()
  await expect(page.getByRole('article', { name: 'user turn 3' })).toContainText('And what about the moon?')
  await expect(page.getByRole('article', { name: 'assistant turn 4' })).toBeVisible()
})
