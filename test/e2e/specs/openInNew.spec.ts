// Compare's "Continue in Text" and History's "Open in Text" open a new Text conversation: the one the user had open
// keeps its turns, its form and its half-typed message; while an answer streams in Text they say why they wait.
import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { TextPage } from '../pages/TextPage'
import { HistoryPage } from '../pages/HistoryPage'
import { ComparePage } from '../pages/ComparePage'

const list = (page: Page) => page.getByRole('dialog', { name: 'Conversations' })

for (const width of [1024, 1920]) {
  test(`Open in Text and Continue in Text open a new conversation and leave the open one as it was (${width} px)`, async ({
    page,
    app,
  }) => {
    await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 })
    await page.goto(app.url)
    const text = new TextPage(page)
    await text.open()
    await text.choose('Chat completions', 'gpt-4o-mini')
    await text.send('First about owls')
    await text.waitDone()

    // The user's own conversation: a turn pair, Messages format, a half-typed message.
    await page.getByRole('button', { name: 'New conversation' }).click()
    // The new conversation is shown (its form applied) before the user changes it.
    await expect(page.getByTestId('conversation-title')).toHaveText('New conversation')
    await expect(page.getByRole('article', { name: /turn/ })).toHaveCount(0)
    await text.choose('Messages', 'claude-sonnet-4')
    await text.send('My own thread about ferns')
    await text.waitDone()
    await page.getByLabel('Message', { exact: true }).fill('half-typed fern question')

    // History → Open in Text: a new conversation with the owls run, in its format.
    const history = new HistoryPage(page)
    await history.open()
    await history.openRow(/First about owls/)
    await history.detail.getByRole('button', { name: 'Open in Text' }).click()
    await expect(page.getByRole('heading', { name: 'Text', level: 1 })).toBeVisible()
    await expect(page.getByRole('article', { name: 'user turn 1' })).toContainText('First about owls')
    await expect(page.getByLabel('Wire format')).toHaveValue('chat')
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('')
    await page.screenshot({ path: test.info().outputPath(`open-in-text-${width}.png`) })

    // Compare → Continue in Text: another new conversation with the column's turns and answer.
    await page.getByRole('tab', { name: /Compare/ }).click()
    await page.getByLabel('Prompt', { exact: true }).fill('Compare this about moths')
    await page.getByRole('button', { name: /Run all/ }).click()
    const compare = new ComparePage(page)
    await expect(compare.column(1).getByTestId('column-metrics')).toHaveAttribute('data-status', 'done', {
      timeout: 30_000,
    })
    await compare.column(1).getByRole('button', { name: 'Continue in Text' }).click()
    await expect(page.getByRole('heading', { name: 'Text', level: 1 })).toBeVisible()
    await expect(page.getByRole('article', { name: 'user turn 1' })).toContainText('Compare this about moths')
    await expect(page.getByRole('article', { name: 'assistant turn 2' })).toBeVisible()

    // Four conversations now; the fern thread is as the user left it.
    await page.getByRole('button', { name: 'Conversations', exact: true }).click()
    await expect(list(page).getByRole('listitem')).toHaveCount(4)
    await list(page).getByRole('button', { name: /My own thread about ferns/ }).first().click()
    await expect(page.getByRole('article', { name: 'user turn 1' })).toContainText('My own thread about ferns')
    await expect(page.getByRole('article', { name: 'assistant turn 2' })).toBeVisible()
    await expect(page.getByRole('article', { name: /turn 3/ })).toHaveCount(0)
    await expect(page.getByLabel('Wire format')).toHaveValue('messages')
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('half-typed fern question')
    await page.screenshot({ path: test.info().outputPath(`own-kept-${width}.png`) })
  })
}

test('Open in Text says why it waits while an answer streams in Text, and opens nothing', async ({ page, app }) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Chat completions', 'gpt-4o-mini')
  await text.send('A short one')
  await text.waitDone()
  await text.send('sim:tokens=6000 a long answer')
  await expect(text.answer).toContainText(/\w+/, { timeout: 20_000 })
  const history = new HistoryPage(page)
  await history.open()
  await history.openRow(/A short one/)
  await history.detail.getByRole('button', { name: 'Open in Text' }).click()
  await expect(page.getByText('An answer is streaming in this conversation: stop it or let it end first.')).toBeVisible()
  await text.open()
  await page.getByRole('button', { name: 'Stop' }).click()
})
