// A curl command pasted into the message box becomes the Text form in a new conversation: format from the URL
// path, model, system prompt, turns, parameters, the profile whose base URL it names; the key in it is dropped
// (said, never shown nor kept) and what could not be read is named with its reason.
import { expect, test } from '../fixtures'
import { TextPage } from '../pages/TextPage'

for (const width of [1024, 1920]) {
  test(`a pasted curl command becomes the form, its key dropped and what was not read named (${width} px)`, async ({
    page,
    app,
  }) => {
    await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 })
    await page.goto(app.url)
    const text = new TextPage(page)
    await text.open()
    const base = (await page.getByTestId('active-profile-url').innerText()).trim()
    await text.choose('Chat completions', 'gpt-4o-mini')
    await text.send('My own question')
    await text.waitDone()

    await text.paste(`curl '${base}/v1/messages' \\
  -H 'x-api-key: sk-ant-SECRETKEY' \\
  -H 'anthropic-version: 2023-06-01' \\
  -H 'x-trace: on' \\
  --data-raw '{"model":"claude-sonnet-4","max_tokens":300,"temperature":0.4,"system":"Answer in French","messages":[{"role":"user","content":"What is a lighthouse?"}],"mystery_field":1}'`)
    const notice = page.getByRole('status', { name: 'Pasted request' })
    await expect(notice).toContainText(
      'Brought in from a curl command: Messages (from the URL path), model claude-sonnet-4, 1 turn, profile Local simulator (its base URL).',
    )
    await expect(notice).toContainText('the x-api-key header (an API key)')
    await expect(notice).toContainText('header x-trace')
    await expect(page.getByText('SECRETKEY')).toHaveCount(0)
    await expect(page.getByLabel('Wire format')).toHaveValue('messages')
    await expect(page.getByLabel('Model', { exact: true })).toHaveValue('claude-sonnet-4')
    await expect(page.getByPlaceholder('Optional instructions for the model')).toHaveValue('Answer in French')
    await expect(page.getByRole('article', { name: 'user turn 1' })).toContainText('What is a lighthouse?')
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('')
    await expect(page.getByLabel('Request body JSON')).toHaveValue(/"temperature": 0.4/)
    await page.screenshot({ path: test.info().outputPath(`paste-curl-${width}.png`) })

    // The key is on no screen and in no file of the data folder.
    await page.getByRole('button', { name: 'Send' }).click()
    await text.waitDone()
    const { execSync } = await import('node:child_process')
    expect(execSync(`grep -rl SECRETKEY ${app.dataDir} || true`).toString().trim()).toBe('')

    // The conversation open before is as it was.
    await page.getByRole('button', { name: 'Conversations', exact: true }).click()
    await page
      .getByRole('dialog', { name: 'Conversations' })
      .getByRole('button', { name: /My own question/ })
      .first()
      .click()
    await expect(page.getByRole('article', { name: 'user turn 1' })).toContainText('My own question')
    await expect(page.getByLabel('Wire format')).toHaveValue('chat')

    // A body that is not JSON changes nothing and says why; plain words paste as words.
    await text.paste(`curl ${base}/v1/chat/completions -d '{"model": gpt}'`)
    const refused = page.getByRole('alert', { name: 'Pasted request' })
    await expect(refused).toContainText('was not brought in: nothing was changed')
    await expect(refused).toContainText('it is not JSON')
    await expect(page.getByRole('article', { name: 'user turn 1' })).toContainText('My own question')
    await refused.getByRole('button', { name: 'Dismiss' }).click()
    await expect(refused).toHaveCount(0)
  })
}
