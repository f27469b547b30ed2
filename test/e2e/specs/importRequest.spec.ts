// A request brought in (pasted into the message box, or through "Import request…" in the command palette) opens in
// the conversation that is open when that one is empty, so no empty "New conversation" is left behind, and in a
// new one when the open one holds turns. The dialog reads what is pasted the way the message box does: the same
// notice of what was read and dropped, and a refusal in the same words with the pasted text kept.
import { expect, test } from '../fixtures'
import type { Page } from '@playwright/test'
import { TextPage } from '../pages/TextPage'

async function conversationCount(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Conversations', exact: true }).click()
  const list = page.getByRole('dialog', { name: 'Conversations' })
  await expect(list).toBeVisible()
  await expect(list.getByRole('listitem').first()).toBeVisible()
  const count = await list.getByRole('listitem').count()
  await page.keyboard.press('Escape')
  await expect(list).toHaveCount(0)
  return count
}

const SDK_CALL = `response = client.chat.completions.create(
    model="gpt-4o-mini",
    api_key="sk-IMPORTSECRET",
    messages=[{"role": "system", "content": "Answer in one line"}, {"role": "user", "content": "Why do lighthouses blink?"}],
    temperature=0.3,
)`

for (const width of [1024, 1920]) {
  test(`a pasted request opens in the empty open conversation, and Import request… reads the same way (${width} px)`, async ({
    page,
    app,
  }) => {
    await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 })
    await page.goto(app.url)
    const text = new TextPage(page)
    await text.open()
    const base = (await page.getByTestId('active-profile-url').innerText()).trim()
    expect(await conversationCount(page)).toBe(1)

    // Pasted into the first, empty conversation: it fills that one; no other is made.
    await text.paste(
      `curl ${base}/v1/messages -H 'x-api-key: sk-ant-SECRET' --data-raw '{"model":"claude-sonnet-4","max_tokens":200,"messages":[{"role":"user","content":"What is a lighthouse?"}]}'`,
    )
    await expect(page.getByRole('status', { name: 'Pasted request' })).toContainText(
      'Brought in from a curl command: Messages (from the URL path), model claude-sonnet-4, 1 turn',
    )
    await expect(page.getByRole('article', { name: 'user turn 1' })).toContainText('What is a lighthouse?')
    await expect(page.getByTestId('conversation-title')).toHaveText('What is a lighthouse?')
    expect(await conversationCount(page)).toBe(1)

    // Import request… from the palette, with the focus in the dialog's text box.
    await page.getByLabel('Message', { exact: true }).press('Control+k')
    await page.getByRole('combobox', { name: 'Search actions, panels and conversations' }).fill('import')
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Import a request' })
    await expect(dialog).toBeVisible()
    const box = dialog.getByLabel('Request to import')
    await expect(box).toBeFocused()
    // Nothing is said before the user acts; Import with nothing pasted names the field and the rule.
    await expect(dialog.getByRole('alert')).toHaveCount(0)
    await dialog.getByRole('button', { name: 'Import' }).click()
    await expect(dialog.getByRole('alert')).toHaveText(
      'Request to import: paste a curl command, an SDK call or a JSON body first',
    )
    // A body that is not JSON: refused in the paste's words, the text kept, nothing changed.
    const bad = `curl ${base}/v1/chat/completions -d '{"model": gpt}'`
    await box.fill(bad)
    await dialog.getByRole('button', { name: 'Import' }).click()
    await expect(dialog.getByRole('alert', { name: 'Pasted request' })).toContainText(
      'was not brought in: nothing was changed',
    )
    await expect(box).toHaveValue(bad)
    await page.screenshot({ path: test.info().outputPath(`import-refused-${width}.png`) })

    // An SDK call: the open conversation holds turns, so it opens in a new one; the key is dropped and said.
    await box.fill(SDK_CALL)
    await box.press('Control+Enter')
    await expect(dialog).toHaveCount(0)
    const notice = page.getByRole('status', { name: 'Pasted request' })
    await expect(notice).toContainText(
      'Brought in from an SDK call: Chat completions (from the SDK method), model gpt-4o-mini, 1 turn',
    )
    await expect(notice).toContainText('Dropped, never kept nor shown: the api_key field (an API key)')
    await expect(page.getByText('IMPORTSECRET')).toHaveCount(0)
    await expect(page.getByLabel('Wire format')).toHaveValue('chat')
    await expect(page.getByPlaceholder('Optional instructions for the model')).toHaveValue(
      'Answer in one line',
    )
    await expect(page.getByRole('article', { name: 'user turn 1' })).toContainText(
      'Why do lighthouses blink?',
    )
    await expect(page.getByRole('article', { name: /turn/ })).toHaveCount(1)
    await expect(page.getByLabel('Message', { exact: true })).toBeFocused()
    await expect(page.getByLabel('Request body JSON')).toHaveValue(/"temperature": 0.3/)
    await expect(page.getByLabel('Request body JSON')).not.toHaveValue(/lighthouse\?/)
    await page.screenshot({ path: test.info().outputPath(`import-done-${width}.png`) })
    expect(await conversationCount(page)).toBe(2)

    // Esc closes the dialog and leaves everything as it was.
    await page.getByLabel('Message', { exact: true }).press('Control+k')
    await page
      .getByRole('combobox', { name: 'Search actions, panels and conversations' })
      .fill('import request')
    await page.keyboard.press('Enter')
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(page.getByRole('article', { name: 'user turn 1' })).toContainText(
      'Why do lighthouses blink?',
    )
    await page.getByRole('button', { name: 'Send' }).click()
    await text.waitDone()
    const { execSync } = await import('node:child_process')
    expect(execSync(`grep -rl IMPORTSECRET ${app.dataDir} || true`).toString().trim()).toBe('')
  })
}
