// Compare's carried turns are main's to keep, in Chromium against browser mode: the turns "Open in Compare" brings
// from Text survive a restart of the app server (main saved them; the panel's own saved state no longer holds
// them) and still go before the prompt in every column's body; dropping them offers Undo, which brings them back
// exactly, and a drop that is not undone stays dropped after a reload.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '../fixtures'
import { ComparePage } from '../pages/ComparePage'
import { TextPage } from '../pages/TextPage'

test("Compare's carried turns survive a restart, and dropping them is undoable", async ({ page, app }) => {
  test.setTimeout(90_000)
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Chat completions', 'sim-model')
  await text.send('Which lighthouse is the tallest?')
  await text.waitDone()
  await page.getByLabel('Message', { exact: true }).fill('And the oldest?')
  await page.getByRole('button', { name: 'Open in Compare' }).click()

  const compare = new ComparePage(page)
  const carried = page.getByTestId('carried-turns')
  await expect(carried).toContainText('2 earlier turns carried')
  await expect(page.getByLabel('Prompt', { exact: true })).toHaveValue('And the oldest?')
  await expect(compare.column(1).getByTestId('column-body')).toContainText('Which lighthouse is the tallest?')

  // The panel's saved state (the prompt) is written a moment after the change, without the carried turns: main
  // keeps those in a file of its own.
  const saved = (file: string) => () =>
    existsSync(join(app.dataDir, file)) ? readFileSync(join(app.dataDir, file), 'utf8') : ''
  await expect.poll(saved('workspace.json')).toContain('And the oldest?')
  await expect.poll(saved('compare-conversation.json')).toContain('Which lighthouse is the tallest?')
  expect(saved('workspace.json')()).not.toMatch(/compare[^]*Which lighthouse is the tallest/)
  await app.restart()
  await page.goto(app.url)
  await compare.open()
  await expect(carried).toContainText('2 earlier turns carried')
  await expect(page.getByLabel('Prompt', { exact: true })).toHaveValue('And the oldest?')
  // What each column sends is what the panel shows: the carried turns, then the prompt.
  const body = compare.column(1).getByTestId('column-body')
  await expect(body).toContainText('Which lighthouse is the tallest?')
  await expect(body).toContainText('And the oldest?')

  await carried.getByRole('button', { name: 'Drop them' }).click()
  await expect(carried).toHaveCount(0)
  await expect(body).not.toContainText('Which lighthouse is the tallest?')
  const toast = page.getByRole('status').filter({ hasText: 'Carried turns dropped (2 turns).' })
  await toast.getByRole('button', { name: 'Undo' }).click()
  await expect(carried).toContainText('2 earlier turns carried')
  await expect(body).toContainText('Which lighthouse is the tallest?')

  // Dropped and not undone: gone after a reload too (main saved the drop).
  await carried.getByRole('button', { name: 'Drop them' }).click()
  await expect(carried).toHaveCount(0)
  await page.reload()
  await compare.open()
  await expect(page.getByLabel('Prompt', { exact: true })).toHaveValue('And the oldest?')
  await expect(body).toContainText('And the oldest?')
  await expect(carried).toHaveCount(0)
})
