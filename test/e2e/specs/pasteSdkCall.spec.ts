// An SDK call pasted as the docs write it (Python keyword arguments, a JavaScript object) becomes the Text form:
// the format from the method, the literal arguments as the body, and each argument that is a variable named with
// its reason; nothing in the snippet is run.
import { expect, test } from '../fixtures'
import { TextPage } from '../pages/TextPage'

for (const width of [1024, 1920]) {
  test(`a pasted Python SDK call becomes the form, a variable argument named (${width} px)`, async ({
    page,
    app,
  }) => {
    await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 })
    await page.goto(app.url)
    const text = new TextPage(page)
    await text.open()
    await text.paste(`response = client.messages.create(
    model="claude-sonnet-4",
    max_tokens=300,
    system="Answer in French",
    messages=[{"role": "user", "content": "What is a lighthouse?"}],
    temperature=0.4,
    metadata=user_meta,
)`)
    const notice = page.getByRole('status', { name: 'Pasted request' })
    await expect(notice).toContainText(
      'Brought in from an SDK call: Messages (from the SDK method), model claude-sonnet-4, 1 turn',
    )
    await expect(notice).toContainText('the variable user_meta, not a value: left out')
    await expect(page.getByLabel('Wire format')).toHaveValue('messages')
    await expect(page.getByLabel('Model', { exact: true })).toHaveValue('claude-sonnet-4')
    await expect(page.getByPlaceholder('Optional instructions for the model')).toHaveValue('Answer in French')
    await expect(page.getByRole('article', { name: 'user turn 1' })).toContainText('What is a lighthouse?')
    await expect(page.getByLabel('Request body JSON')).toHaveValue(/"temperature": 0.4/)
    await page.screenshot({ path: test.info().outputPath(`paste-sdk-${width}.png`) })
    await page.getByRole('button', { name: 'Send' }).click()
    await text.waitDone()
    await expect(page.getByRole('article', { name: 'assistant turn 2' })).not.toBeEmpty()
  })
}
