// Several conversations in the Text panel: each keeps its own turns, format, model and half-typed draft; they are
// named, searched, duplicated and deleted with Undo from the list, and main keeps them all across a restart.
import { expect, test } from '../fixtures'
import type { Page } from '@playwright/test'
import { TextPage } from '../pages/TextPage'

const list = (page: Page) => page.getByRole('dialog', { name: 'Conversations' })

async function openList(page: Page) {
  if (!(await list(page).isVisible()))
    await page.getByRole('button', { name: 'Conversations', exact: true }).click()
  await expect(list(page)).toBeVisible()
}

async function openConversation(page: Page, name: string | RegExp) {
  await openList(page)
  await list(page).getByRole('button', { name }).first().click()
  await expect(list(page)).toHaveCount(0)
}

for (const width of [1024, 1920]) {
  test(`conversations keep their own turns, form and draft, and come back after a restart (${width} px)`, async ({
    page,
    app,
  }) => {
    await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 })
    await page.goto(app.url)
    const text = new TextPage(page)
    await text.open()
    await text.choose('Chat completions', 'gpt-4o-mini')
    await text.send('Tell me about lighthouses.')
    await text.waitDone()
    await expect(page.getByTestId('conversation-title')).toHaveText('Tell me about lighthouses.')

    // A new conversation is empty and takes its own format and draft.
    await page.getByRole('button', { name: 'New conversation' }).click()
    await expect(page.getByRole('article', { name: /turn/ })).toHaveCount(0)
    await expect(page.getByTestId('conversation-title')).toHaveText('New conversation')
    await page.getByLabel('Wire format').selectOption({ label: 'Messages' })
    await page.getByLabel('Message', { exact: true }).fill('half-typed windmill question')

    // Back to the first: its turns, its format, and no trace of the other's draft.
    await openConversation(page, /Tell me about lighthouses\./)
    await expect(page.getByRole('article', { name: 'user turn 1' })).toContainText(
      'Tell me about lighthouses.',
    )
    await expect(page.getByRole('article', { name: 'assistant turn 2' })).toBeVisible()
    await expect(page.getByLabel('Wire format')).toHaveValue('chat')
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('')

    // Rename the other and find conversations by name and by text.
    await openList(page)
    await list(page).getByRole('button', { name: 'Rename New conversation' }).click()
    await list(page).getByLabel('New name for New conversation').fill('Windmills')
    await list(page).getByLabel('New name for New conversation').press('Enter')
    await expect(list(page).getByRole('button', { name: /^Windmills/ })).toBeVisible()
    await list(page).getByLabel('Search conversations').fill('LIGHTHOUSES')
    await expect(list(page).getByRole('listitem')).toHaveCount(1)
    await list(page).getByLabel('Search conversations').fill('mill')
    await expect(list(page).getByRole('listitem')).toHaveCount(1)
    await expect(list(page).getByRole('listitem')).toContainText('Windmills')
    await list(page).getByLabel('Search conversations').fill('zeppelin')
    await expect(list(page).getByText('No conversation has “zeppelin” in its name or text.')).toBeVisible()
    await list(page).getByLabel('Search conversations').fill('')
    await expect(list(page).getByRole('listitem')).toHaveCount(2)

    // Duplicate opens the copy with every turn; Delete takes it away, and Undo brings it back.
    await list(page).getByRole('button', { name: 'Duplicate Tell me about lighthouses.' }).click()
    await expect(page.getByTestId('conversation-title')).toHaveText('Tell me about lighthouses. (copy)')
    await expect(page.getByRole('article', { name: 'assistant turn 2' })).toBeVisible()
    await openList(page)
    await expect(list(page).getByRole('listitem')).toHaveCount(3)
    await list(page).getByRole('button', { name: 'Delete Tell me about lighthouses. (copy)' }).click()
    await expect(list(page).getByRole('listitem')).toHaveCount(2)
    await expect(page.getByTestId('conversation-title')).not.toHaveText(/copy/)
    await page.getByRole('status').getByRole('button', { name: 'Undo' }).click()
    await expect(list(page).getByRole('listitem')).toHaveCount(3)
    await page.screenshot({ path: test.info().outputPath(`conversations-list-${width}.png`) })

    await openConversation(page, /^Windmills/)
    await expect(page.getByLabel('Wire format')).toHaveValue('messages')
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('half-typed windmill question')

    // Main keeps them all: after a restart the open one, its draft, and the others with their turns.
    await page.waitForTimeout(1200)
    await app.restart()
    await page.goto(app.url)
    await text.open()
    await expect(page.getByTestId('conversation-title')).toHaveText('Windmills')
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('half-typed windmill question')
    await expect(page.getByLabel('Wire format')).toHaveValue('messages')
    await openList(page)
    await expect(list(page).getByRole('listitem')).toHaveCount(3)
    await openConversation(page, 'Tell me about lighthouses. (copy)')
    await expect(page.getByRole('article', { name: 'user turn 1' })).toContainText(
      'Tell me about lighthouses.',
    )
    await expect(page.getByRole('article', { name: 'assistant turn 2' })).toBeVisible()
    await expect(page.getByLabel('Wire format')).toHaveValue('chat')
    // The next request is the conversation shown.
    await expect(page.getByLabel('Request body JSON')).toHaveValue(/Tell me about lighthouses\./)
    await page.screenshot({ path: test.info().outputPath(`conversations-restart-${width}.png`) })
  })
}

test('the list is closed to changes while an answer streams, and says why', async ({ page, app }) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Chat completions', 'gpt-4o-mini')
  await text.send('sim:tokens=6000 a long answer')
  await expect(text.answer).toContainText(/\w+/, { timeout: 20_000 })
  await page.getByRole('button', { name: 'New conversation' }).click()
  await openList(page)
  await expect(list(page).getByRole('alert')).toContainText('An answer is streaming in this conversation')
  await expect(list(page).getByRole('listitem')).toHaveCount(1)
  await list(page).getByLabel('Search conversations').press('Escape')
  await expect(list(page)).toHaveCount(0)
  await page.getByRole('button', { name: 'Stop' }).click()
})

for (const width of [1024, 1920]) {
  test(`Branch from here starts a new conversation with the turns up to that one (${width} px)`, async ({
    page,
    app,
  }) => {
    await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 })
    await page.goto(app.url)
    const text = new TextPage(page)
    await text.open()
    await text.choose('Chat completions', 'gpt-4o-mini')
    await text.send('About lighthouses.')
    await text.waitDone()
    await text.send('And in a storm?')
    await expect(page.getByRole('article', { name: 'assistant turn 4' })).toBeVisible({ timeout: 20_000 })
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()

    await page.getByRole('button', { name: 'Branch from turn 2' }).click()
    await expect(page.getByTestId('conversation-title')).toHaveText('About lighthouses. (branch)')
    await expect(page.getByRole('article', { name: /turn/ })).toHaveCount(2)
    await expect(page.getByRole('article', { name: 'assistant turn 2' })).toBeVisible()
    await expect(page.getByLabel('Wire format')).toHaveValue('chat')
    // The next request is the branch shown: both turns, nothing after them.
    await expect(page.getByLabel('Request body JSON')).toHaveValue(/You said: \\"About lighthouses/)
    await expect(page.getByLabel('Request body JSON')).not.toHaveValue(/storm/)
    await page.screenshot({ path: test.info().outputPath(`branch-${width}.png`) })
    // The branch goes on its own way; the conversation it came from keeps every turn.
    await text.send('And at night?')
    await expect(page.getByRole('article', { name: 'user turn 3' })).toContainText('And at night?')
    await text.waitDone()
    await openConversation(page, /^About lighthouses\.\s*4 turns/)
    await expect(page.getByRole('article', { name: /turn/ })).toHaveCount(4)
    await expect(page.getByRole('article', { name: 'user turn 3' })).toContainText('And in a storm?')
  })
}

test('New conversation on a conversation that is still empty opens no second one: it focuses the message box', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'New conversation' }).click()
  await expect(page.getByLabel('Message', { exact: true })).toBeFocused()
  await page.keyboard.press('Control+Shift+O')
  await openList(page)
  await expect(list(page).getByRole('listitem')).toHaveCount(1)
  // Once it holds a turn, New conversation starts another.
  await text.choose('Chat completions', 'gpt-4o-mini')
  await text.send('Tell me about windmills.')
  await text.waitDone()
  await page.getByRole('button', { name: 'New conversation' }).click()
  await expect(page.getByTestId('conversation-title')).toHaveText('New conversation')
  await openList(page)
  await expect(list(page).getByRole('listitem')).toHaveCount(2)
})
