// New conversation while main is slow to answer: the page's WebSocket to main is routed through the test, which
// holds main's answer to text.createConversation until the user has changed the form. What was changed after the
// click stays on screen once the new conversation opens; the rest is the new conversation's form.
import { expect, test } from '../fixtures'
import { TextPage } from '../pages/TextPage'

for (const width of [1024, 1920]) {
  test(`a change made right after New conversation, before main answers, is kept (${width} px)`, async ({
    page,
    app,
  }) => {
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    let createId: number | null = null
    let answerHeld = false
    await page.routeWebSocket(/\/ipc/, (ws) => {
      const server = ws.connectToServer()
      ws.onMessage((message) => {
        const parsed = JSON.parse(String(message)) as { route?: string; id?: number }
        if (parsed.route === 'text.createConversation') createId = parsed.id ?? null
        server.send(message)
      })
      server.onMessage((message) => {
        const parsed = JSON.parse(String(message)) as { t?: string; id?: number }
        if (parsed.t === 'result' && parsed.id === createId && createId !== null) {
          answerHeld = true
          void held.then(() => ws.send(message))
        } else ws.send(message)
      })
    })
    await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 })
    await page.goto(app.url)
    const text = new TextPage(page)
    await text.open()
    await text.choose('Chat completions', 'gpt-4o-mini')
    await page.getByLabel('System prompt').fill('Be brief.')
    await text.send('Tell me about lighthouses.')
    await text.waitDone()

    await page.getByRole('button', { name: 'New conversation' }).click()
    await expect.poll(() => answerHeld).toBe(true)
    // The first conversation is still shown; the user goes on at once.
    await page.getByLabel('Model', { exact: true }).fill('claude-sonnet-4-6')
    await page.getByLabel('System prompt').fill('Answer in French.')
    await page.getByLabel('Message', { exact: true }).fill('Bonjour, les phares ?')
    release()

    await expect(page.getByTestId('conversation-title')).toHaveText('New conversation')
    await expect(page.getByRole('article', { name: /turn/ })).toHaveCount(0)
    await expect(page.getByLabel('Model', { exact: true })).toHaveValue('claude-sonnet-4-6')
    await expect(page.getByLabel('System prompt')).toHaveValue('Answer in French.')
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Bonjour, les phares ?')
    await expect(page.getByLabel('Wire format')).toHaveValue('chat')
    // The request preview is the new conversation's: the model and system prompt changed, none of the old turns.
    const preview = page.getByLabel('Request body JSON')
    await expect(preview).toContainText('claude-sonnet-4-6')
    await expect(preview).toContainText('Answer in French.')
    await expect(preview).not.toContainText('lighthouses')
    await page.screenshot({ path: test.info().outputPath(`new-conversation-race-${width}.png`) })

    // What the screen shows is what is sent.
    await page.getByLabel('Message', { exact: true }).press('Control+Enter')
    await text.waitDone()
    await expect(page.getByRole('article', { name: 'user turn 1' })).toContainText('Bonjour, les phares ?')
  })
}
