// The Text panel in Chromium against the built-in simulator: a streamed answer in every wire format, the
// Inspector's masked headers and frames, a full tool round trip, Stop, and refusals that name the field.
import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { TextPage } from '../pages/TextPage'
import { faultyProfile } from '../pages/ComparePage'

const FORMATS = [
  ['Chat completions', 'gpt-4o-mini'],
  ['Responses', 'gpt-5-mini'],
  ['Messages', 'claude-sonnet-4-6'],
  ['Native (generateContent)', 'gemini-2.5-flash'],
] as const

test('streams an answer in each wire format and shows usage, speed and the masked request', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  for (const [format, model] of FORMATS) {
    await page.getByRole('button', { name: 'Clear conversation' }).click()
    await text.choose(format, model)
    await text.send(`Describe a lighthouse in the ${format} format.`)
    await text.waitDone()
    await expect(page.getByRole('article', { name: /assistant turn/ }).last()).toContainText(
      /lighthouse|simulated/i,
    )
    await expect(page.getByTestId('run-footer')).toContainText(/out \d+/)
    await expect(page.getByTestId('run-footer')).toContainText(/TTFT \d+ ms/)
    await text.openInspector()
    const inspector = page.getByRole('region', { name: 'Request' })
    // Model endpoints carry the key as Bearer; the built-in profile sends native keys in x-vendor-api-key.
    await expect(inspector).toContainText(format.startsWith('Native') ? 'x-vendor-api-key***' : 'Bearer ***')
    await expect(inspector).not.toContainText(/sk-sim-[0-9a-f]{8}/)
    await page.getByRole('tab', { name: 'Request JSON' }).click()
  }
})

test('completes a tool round trip: the call, the typed result, and the answer that uses it', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Chat completions', 'gpt-4o-mini')
  await page.getByLabel(/Function definitions/).fill(
    JSON.stringify([
      {
        name: 'get_weather',
        description: 'Weather for a city',
        parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
    ]),
  )
  await text.send('Use get_weather for Oslo.')
  const form = page.getByRole('form', { name: 'Tool results' })
  await expect(form).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText('get_weather').first()).toBeVisible()
  // Nothing is made up for the tool: an empty result box holds the round until the user answers.
  await expect(form.getByRole('textbox')).toHaveValue('')
  await form.getByRole('button', { name: 'Send tool results' }).click()
  await expect(form.getByRole('alert')).toHaveText(/No result for get_weather yet/)
  await expect(form.getByRole('textbox')).toBeFocused()
  await expect(page.getByRole('article', { name: /tool turn/ })).toHaveCount(0)
  await form.getByRole('textbox').fill('{"temperature_c": 7, "sky": "overcast"}')
  await expect(form.getByRole('alert')).toHaveCount(0)
  await form.getByRole('button', { name: 'Send tool results' }).click()
  await expect(page.getByRole('article', { name: /tool turn/ })).toBeVisible()
  await expect(page.getByRole('article', { name: /assistant turn/ }).last()).toContainText(/overcast|7/, {
    timeout: 20_000,
  })
})

test('a tool round left unanswered comes back after a reload, and answering it goes on', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Chat completions', 'gpt-4o-mini')
  await page
    .getByLabel(/Function definitions/)
    .fill(
      JSON.stringify([
        { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
      ]),
    )
  await text.send('Use get_weather for Oslo.')
  const form = page.getByRole('form', { name: 'Tool results' })
  await expect(form).toBeVisible({ timeout: 20_000 })
  await page.reload()
  await text.open()
  await expect(form).toBeVisible({ timeout: 20_000 })
  await expect(form.getByTestId('tool-call')).toContainText('get_weather')
  await form.getByRole('textbox').fill('{"temperature_c": 7, "sky": "overcast"}')
  await form.getByRole('button', { name: 'Send tool results' }).click()
  await expect(page.getByRole('article', { name: /tool turn/ })).toBeVisible()
  await expect(page.getByRole('article', { name: /assistant turn/ }).last()).toContainText(/overcast|7/, {
    timeout: 20_000,
  })
  await expect(form).toHaveCount(0)
})

/** How far the conversation's view is from its end, in pixels: the turns' bottom below the view's bottom. */
function fromBottom(page: Page): Promise<number> {
  return page.getByRole('region', { name: 'Conversation' }).evaluate((el) => {
    const turns = el.firstElementChild!.getBoundingClientRect()
    return Math.round(turns.bottom - el.getBoundingClientRect().bottom)
  })
}

/** The first paragraph, item or heading whose top is in the conversation's view: its text and its top on screen. */
function firstInView(page: Page): Promise<{ text: string; top: number }> {
  return page.getByRole('region', { name: 'Conversation' }).evaluate((el) => {
    const view = el.getBoundingClientRect()
    const block = [...el.querySelectorAll('.markdown p, .markdown li, .markdown h2')].find((b) => {
      const top = b.getBoundingClientRect().top
      return top >= view.top && top < view.bottom - 20
    })!
    return { text: block.textContent!, top: Math.round(block.getBoundingClientRect().top) }
  })
}

test('the conversation follows a long answer to its end, and stays where the reader scrolled to', async ({
  page,
  app,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Chat completions', 'gpt-4o-mini')
  await text.send('sim:tokens=4000 a long answer to follow')
  const conversation = page.getByRole('region', { name: 'Conversation' })
  await expect(page.getByRole('article', { name: 'user turn 1' })).not.toBeInViewport()
  await expect(page.getByTestId('run-status')).toHaveText('Streaming…')
  // A scroll that is not the reader's (the browser keeping the view steady as content above it is measured)
  // does not stop the following.
  await conversation.evaluate((el) => el.scrollBy({ top: -300, behavior: 'instant' }))
  await text.waitDone()
  // The newest text is in view: the answer's end and its footer, not the part shown when the stream began.
  await expect.poll(() => fromBottom(page)).toBeLessThan(48)
  await expect(page.getByTestId('run-footer')).toBeInViewport()

  // Scrolling up while the next answer streams leaves the view where the reader put it.
  await text.send('sim:tokens=4000 another long answer')
  await expect(page.getByTestId('run-status')).toHaveText('Streaming…')
  await expect.poll(() => fromBottom(page)).toBeLessThan(48)
  await page.getByRole('region', { name: 'Conversation' }).hover()
  await page.mouse.wheel(0, -1500)
  await expect.poll(() => fromBottom(page)).toBeGreaterThan(400)
  // What the reader looks at stays where it is while the answer grows below it.
  const read = await firstInView(page)
  await expect(page.getByTestId('run-status')).toHaveText('Streaming…')
  const grown = await conversation.evaluate((el) => el.textContent!.length)
  await page.waitForTimeout(500)
  expect(await firstInView(page)).toEqual(read)
  // Below the view the answer goes on growing (folded a few times a second while its end is out of view).
  await expect.poll(() => conversation.evaluate((el) => el.textContent!.length)).toBeGreaterThan(grown)
  await text.waitDone()
  expect(await fromBottom(page)).toBeGreaterThan(400)
  expect(await firstInView(page)).toEqual(read)
  await expect(page.getByTestId('run-footer')).not.toBeInViewport()

  // Opened again, the conversation shows its newest turn.
  await page.reload()
  await expect(page.getByRole('article', { name: /assistant turn 4/ })).toBeVisible()
  await expect.poll(() => fromBottom(page)).toBeLessThan(48)
})

test('a long answer becomes its turn from the text the window streamed, not read again from main', async ({
  page,
  app,
}) => {
  // Main appends the answer to the conversation as the run ends and sends only its length and digest when it is
  // too large to carry; the window fills the turn in from its own run, whose last pieces may still be waiting
  // for the next draw then.
  const reads: string[] = []
  page.on('websocket', (ws) =>
    ws.on('framesent', (f) => {
      if (String(f.payload).includes('"text.readTurns"')) reads.push(String(f.payload))
    }),
  )
  await page.goto(app.url)
  // Streamed at 4,000 tokens a second (a header of the profile's tells the simulator so).
  const fast = await faultyProfile(page, 'tps:4000')
  const text = new TextPage(page)
  await text.openWith(fast)
  await text.choose('Chat completions', 'gpt-4o-mini')
  await page.locator('input[name="max_tokens"]').fill('13000')
  await text.send('sim:tokens=12000 an answer too long to carry back')
  await text.waitDone()
  const answer = page.getByRole('article', { name: 'assistant turn 2' })
  await expect(answer).toBeVisible()
  expect(await answer.evaluate((el) => el.textContent!.length)).toBeGreaterThan(32 * 1024)
  await expect(page.getByTestId('run-footer')).toBeVisible()
  expect(reads).toEqual([])
})

test('Stop ends a slow stream at once and keeps what arrived', async ({ page, app }) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Messages', 'claude-sonnet-4-6')
  await text.send('sim:tokens=3000 please write at length')
  await expect(page.getByTestId('run-status')).toHaveText('Streaming…')
  // Stop once part of the answer is on screen, so there is something to keep.
  await expect(text.answer).toContainText(/\w{3,}/)
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('run-status')).toHaveText('Stopped')
  const kept = await text.answer.innerText()
  await page.waitForTimeout(300)
  expect(await text.answer.innerText()).toBe(kept)
})

test('refuses an out-of-range temperature before sending, naming the field and the rule', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Messages', 'claude-sonnet-4-6')
  await page.locator('input[name="temperature"]').fill('1.5')
  await text.send('hello')
  await expect(page.getByRole('alert', { name: 'Cannot send' })).toContainText(
    'temperature must be between 0 and 1',
  )
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('hello')
})

test('attaches an image that travels as base64 in the messages format', async ({ page, app }) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Messages', 'claude-sonnet-4-6')
  // A 1x1 PNG.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  )
  await page.getByLabel('Attach files').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: png })
  await expect(page.getByRole('list', { name: 'Attachments' })).toContainText('dot.png')
  await text.send('What is in this image?')
  await text.waitDone()
  await expect(page.getByRole('img', { name: 'Attached image 2' })).toBeVisible()
  await text.openInspector()
  const inspector = page.getByRole('region', { name: 'Request' })
  await expect(inspector).toContainText('"media_type": "image/png"')
  await expect(inspector).toContainText('"type": "base64"')
})

test('builds a conversation by hand and sends every turn with its role', async ({ page, app }) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Messages', 'claude-sonnet-4-6')
  const composer = page.getByLabel('Message', { exact: true })
  await composer.fill('My name is Ada.')
  await page.getByRole('button', { name: '+ User turn' }).click()
  await composer.fill('Nice to meet you, Ada.')
  await page.getByRole('button', { name: '+ Assistant turn' }).click()
  await expect(page.getByRole('article', { name: 'assistant turn 2' })).toContainText('Nice to meet you')
  await text.send('What is my name?')
  await text.waitDone()
  await text.openInspector()
  const request = page.getByRole('region', { name: 'Request' })
  await expect(request).toContainText('"role": "assistant"')
  await expect(request).toContainText('Nice to meet you, Ada.')
  await expect(request).toContainText('What is my name?')
})

test('edited request JSON applies back to the form and builds the same body', async ({ page, app }) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Chat completions', 'gpt-4o-mini')
  await page.getByLabel('Message', { exact: true }).fill('First question')
  const body = page.getByLabel('Request body JSON')
  await expect(body).toHaveValue(/First question/)
  const edited = JSON.parse(await body.inputValue())
  edited.temperature = 0.3
  edited.messages.unshift({ role: 'system', content: 'Answer in one line.' })
  await body.fill(JSON.stringify(edited, null, 2))
  await page.getByRole('button', { name: 'Apply to the form' }).click()
  await expect(page.locator('input[name="temperature"]')).toHaveValue('0.3')
  await expect(page.getByLabel('System prompt')).toHaveValue('Answer in one line.')
  await expect(page.getByRole('article', { name: 'user turn 1' })).toContainText('First question')
  // Built again from the form, the body carries the same content.
  await expect(body).toHaveValue(/"temperature": 0.3/)
  await expect(body).toHaveValue(/Answer in one line\./)
})
