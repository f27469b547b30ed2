// Undo after Clear conversation brings the conversation back exactly as it was, even after new turns: no turn of
// the two conversations mixed, the run shown with its own answer, and the next request sends what the screen shows.
import { expect, test } from '../fixtures'
import { TextPage } from '../pages/TextPage'

test('Undo after new turns brings the old conversation back as it was, and the next request sends it', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Chat completions', 'gpt-4o-mini')
  await text.send('Tell me about lighthouses.')
  await text.waitDone()
  const oldAnswer = await text.answer.innerText()
  const oldFooter = await page.getByTestId('run-footer').innerText()

  await page.getByRole('button', { name: 'Clear conversation' }).click()
  await expect(page.getByRole('article', { name: /turn/ })).toHaveCount(0)
  await text.send('Now about windmills.')
  await text.waitDone()
  await expect(text.answer).toContainText('windmills')

  await page.getByRole('status').getByRole('button', { name: 'Undo' }).click()
  // The old conversation, whole and alone: its question, then its own answer (not the windmills answer).
  await expect(page.getByRole('article', { name: 'user turn 1' })).toContainText('Tell me about lighthouses.')
  await expect(page.getByRole('article', { name: 'assistant turn 2' })).toBeVisible()
  await expect(page.getByRole('article', { name: /turn 3/ })).toHaveCount(0)
  await expect(page.getByText('Now about windmills.')).toHaveCount(0)
  expect(
    await page.getByRole('article', { name: 'assistant turn 2' }).getByTestId('answer-text').innerText(),
  ).toBe(oldAnswer)
  expect(await page.getByTestId('run-footer').innerText()).toBe(oldFooter)

  // The screen is the request: the next request carries the old turns and nothing of the new ones.
  const body = page.getByLabel('Request body JSON')
  await expect(body).toHaveValue(/Tell me about lighthouses\./)
  await expect(body).not.toHaveValue(/windmills/)
  await text.send('And in a storm?')
  await text.waitDone()
  await expect(page.getByRole('article', { name: 'user turn 3' })).toContainText('And in a storm?')
  await page.getByText('Last sent', { exact: true }).click()
  const sent = page.getByLabel('Last sent body')
  await expect(sent).toHaveValue(/Tell me about lighthouses\./)
  await expect(sent).not.toHaveValue(/windmills/)
  for (const width of [1024, 1920]) {
    await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 })
    await page.screenshot({ path: test.info().outputPath(`undo-${width}.png`) })
  }
})

test('Undo while an answer on the new turns streams stops it and brings the old conversation back', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Chat completions', 'gpt-4o-mini')
  await text.send('First question.')
  await text.waitDone()
  await page.getByRole('button', { name: 'Clear conversation' }).click()
  await text.send('sim:tokens=6000 a long answer')
  await expect(text.answer).toContainText(/\w+/, { timeout: 20_000 })
  await page.getByRole('status').getByRole('button', { name: 'Undo' }).click()
  await expect(page.getByRole('article', { name: 'user turn 1' })).toContainText('First question.')
  await expect(page.getByRole('article', { name: 'assistant turn 2' })).toBeVisible()
  await expect(page.getByText('sim:tokens=6000 a long answer')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()
  // The stopped run's answer never joins the conversation brought back.
  await page.waitForTimeout(1000)
  await expect(page.getByRole('article', { name: /turn 3/ })).toHaveCount(0)
})
