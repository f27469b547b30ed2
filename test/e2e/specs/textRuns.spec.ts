// Text runs in Chromium, the way a newcomer meets them: a profile with no key or an address that fails ends the
// run with the cause and what to do (never "Streaming…" forever), Stop and Esc end a run that waits for an
// answer, the header and the request show the profile really used, "last sent" and "next" side by side, Send
// anyway, and error messages that show when the user acted and go when their cause goes.
import { createServer as createTcpServer, type Server, type Socket } from 'node:net'
import { createServer as createTlsServer } from 'node:https'
import { expect, test } from '../fixtures'
import type { Page } from '@playwright/test'
import { SettingsPage } from '../pages/SettingsPage'
import { TextPage } from '../pages/TextPage'
import { faultyProfile } from '../pages/ComparePage'
import { SELF_SIGNED_CERT, SELF_SIGNED_KEY } from '../../fakes/selfSignedCert'

const servers: { close(): unknown }[] = []
const sockets: Socket[] = []
test.afterAll(() => {
  for (const s of sockets) s.destroy()
  for (const s of servers) s.close()
})

async function listen(server: Server | ReturnType<typeof createTlsServer>): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  servers.push(server)
  return (server.address() as { port: number }).port
}

/** Creates a profile in Settings (with a key unless `key` is null), picks it in the Text panel. */
async function useProfile(
  page: Page,
  fields: { name: string; baseUrl: string; key?: string | null; timeoutS?: string },
): Promise<TextPage> {
  const settings = new SettingsPage(page)
  await settings.open()
  await page.getByRole('button', { name: 'New profile' }).click()
  const form = page.getByRole('form', { name: 'New profile' })
  await form.getByLabel('Name', { exact: true }).fill(fields.name)
  await form.getByLabel('Base URL (model endpoints)').fill(fields.baseUrl)
  if (fields.timeoutS) await form.getByLabel('First byte timeout (s)').fill(fields.timeoutS)
  await form.getByRole('button', { name: 'Create profile' }).click()
  await expect(settings.card(fields.name)).toBeVisible()
  if (fields.key !== null) await settings.saveApiKey(fields.name, fields.key ?? 'sk-e2e-0000000000')
  const text = new TextPage(page)
  await text.open()
  await page.getByLabel('Profile').selectOption({ label: fields.name })
  await expect(page.getByTestId('active-profile')).toHaveText(fields.name)
  return text
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1024, 1920]) {
    await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 })
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

test('a profile without a key: the run fails naming the cause, and the panel recovers', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const text = await useProfile(page, { name: 'NoKey', baseUrl: 'http://127.0.0.1:9', key: null })
  // The header and the request preview name the profile and the URL the request would really go to.
  await expect(page.getByTestId('active-profile-url')).toHaveText('http://127.0.0.1:9')
  await expect(page.getByTestId('request-target')).toHaveText(
    'Profile NoKey · POST http://127.0.0.1:9/v1/chat/completions',
  )
  await expect(page.getByRole('list', { name: 'Validation issues' })).toContainText('no API key')
  await page.getByRole('tab', { name: 'Code' }).click()
  await expect(page.getByRole('region', { name: 'Code export' })).toContainText(
    'http://127.0.0.1:9/v1/chat/completions',
  )
  await page.getByRole('tab', { name: 'Request JSON' }).click()
  await text.send('hello')
  await expect(page.getByTestId('run-status')).toHaveText('Failed')
  await expect(page.getByTestId('run-error')).toContainText('has no API key')
  await expect(page.getByTestId('run-error')).toContainText('Add the key to this profile in Settings')
  await expect(page.getByLabel('Request body JSON')).toHaveValue(/hello/)
  await shoot(page, 'no-key')
  await page.getByRole('button', { name: 'Clear conversation' }).click()
  await expect(page.getByTestId('run-output')).toHaveCount(0)
  await expect(page.getByRole('article', { name: /user turn/ })).toHaveCount(0)
})

test('a run that failed is shown again after a reload, until the conversation moves on', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  // The simulator fails the stream after its sixth event: some text has arrived, then the error.
  const broken = await faultyProfile(page, 'error:6')
  const text = new TextPage(page)
  await text.openWith(broken)
  await text.choose('Chat completions', 'gpt-4o-mini')
  await text.send('Name three colours.')
  await expect(page.getByTestId('run-status')).toHaveText('Failed')
  const error = await page.getByTestId('run-error').innerText()
  const partial = await text.answer.innerText()
  expect(partial.length).toBeGreaterThan(0)
  await page.waitForTimeout(500)

  await page.reload()
  await expect(page.getByRole('article', { name: 'user turn 1' })).toContainText('Name three colours.')
  await expect(page.getByTestId('run-status')).toHaveText('Failed')
  expect(await page.getByTestId('run-error').innerText()).toBe(error)
  expect(await text.answer.innerText()).toBe(partial)
  await expect(page.getByTestId('run-restored')).toHaveText(
    'Shown again after a reload; History keeps the whole run.',
  )
  await shoot(page, 'failed-after-reload')

  // The next run takes its place: once it is done and a turn, a reload shows the conversation only.
  await page.getByLabel('Profile').selectOption({ label: 'Local simulator' })
  await text.send('And three shapes.')
  // The first message got no answer: the user keeps it.
  await page.getByRole('button', { name: 'Keep both and send' }).click()
  await text.waitDone()
  await page.waitForTimeout(500)
  await page.reload()
  await expect(page.getByRole('article', { name: 'assistant turn 3' })).toBeVisible()
  await expect(page.getByTestId('run-error')).toHaveCount(0)
  await expect(page.getByTestId('run-restored')).toHaveCount(0)
})

test('every failure before the first byte ends the run with its cause and what to do', async ({
  page,
  app,
}) => {
  test.setTimeout(90_000)
  const closed = await listen(createTcpServer())
  servers.pop()!.close()
  const tls = await listen(
    createTlsServer({ cert: SELF_SIGNED_CERT, key: SELF_SIGNED_KEY }, (_q, r) => r.end()),
  )
  const silent = await listen(createTcpServer((socket) => sockets.push(socket)))
  const causes = [
    { name: 'Refused', baseUrl: `http://127.0.0.1:${closed}`, says: /ECONNREFUSED/, hint: /Nothing listens/ },
    {
      name: 'NoDns',
      baseUrl: 'http://nonexistent.invalid',
      says: /nonexistent\.invalid/,
      hint: /does not resolve/,
    },
    { name: 'BadTls', baseUrl: `https://127.0.0.1:${tls}`, says: /CERT|SELF_SIGNED/, hint: /certificate/ },
    {
      name: 'Silent',
      baseUrl: `http://127.0.0.1:${silent}`,
      timeoutS: '1',
      says: /No response within 1 s/,
      hint: /request timeout/,
    },
  ]
  await page.goto(app.url)
  for (const cause of causes) {
    const text = await useProfile(page, cause)
    await page.getByRole('button', { name: 'Clear conversation' }).click()
    await text.send(`hello ${cause.name}`)
    await expect(page.getByTestId('run-status')).toHaveText('Failed', { timeout: 20_000 })
    await expect(page.getByTestId('run-error')).toContainText(cause.says)
    await expect(page.getByTestId('run-error')).toContainText(cause.hint)
    await expect(page.getByTestId('run-error')).toHaveCount(1)
  }
})

test('a profile deleted in another window: the run fails saying so and what to do', async ({ page, app }) => {
  await page.goto(app.url)
  const text = await useProfile(page, { name: 'Gone', baseUrl: 'http://127.0.0.1:9' })
  const other = await page.context().newPage()
  await other.goto(app.url)
  const settings = new SettingsPage(other)
  await settings.open()
  await settings.card('Gone').getByRole('button', { name: 'Delete' }).click()
  await settings.card('Gone').getByRole('button', { name: 'Confirm delete' }).click()
  await expect(settings.card('Gone')).toHaveCount(0)
  await other.close()
  await text.send('still there?')
  await expect(page.getByTestId('run-status')).toHaveText('Failed')
  await expect(page.getByTestId('run-error')).toContainText('no longer exists')
  await expect(page.getByTestId('run-error')).toContainText('Pick another profile')
  await expect(page.getByTestId('run-error')).toHaveCount(1)
})

test('a request JSON that is not an object is refused before Send, naming the field and the rule', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  // The preview first (a preview landing between the select-all and the typing of a fill would keep its text).
  await expect(page.getByLabel('Request body JSON')).toHaveValue(/"model"/)
  await page.getByLabel('Request body JSON').fill('[1, 2]')
  await page.getByLabel('Message', { exact: true }).fill('hello')
  await page.getByLabel('Message', { exact: true }).press('Control+Enter')
  // Send anyway cannot override it: nothing starts, the rule is named at the field's name, and what was typed stays.
  await expect(page.getByText('Request JSON: the request body must be a JSON object')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Send anyway' })).toHaveCount(0)
  await expect(page.getByTestId('run-status')).toHaveCount(0)
  await expect(page.getByLabel('Request body JSON')).toHaveValue('[1, 2]')
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('hello')
})

test('Esc and Stop end a run that is still waiting for an answer', async ({ page, app }) => {
  const silent = await listen(createTcpServer((socket) => sockets.push(socket)))
  await page.goto(app.url)
  const text = await useProfile(page, { name: 'Waits', baseUrl: `http://127.0.0.1:${silent}` })
  await text.send('anyone there?')
  await expect(page.getByTestId('run-status')).toHaveText('Streaming…')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('run-status')).toHaveText('Stopped', { timeout: 2000 })
  await text.send('and again?')
  // The stopped run left its message unanswered: the new one asks whether to drop it first.
  await expect(page.getByRole('dialog')).toContainText('The last message has no answer')
  await page.getByRole('button', { name: 'Drop it and send' }).click()
  await expect(page.getByRole('article', { name: /user turn/ })).toHaveCount(1)
  await expect(page.getByTestId('run-status')).toHaveText('Streaming…')
  await page.getByRole('button', { name: 'Stop' }).click()
  await expect(page.getByTestId('run-status')).toHaveText('Stopped', { timeout: 2000 })
  await page.getByRole('button', { name: 'Clear conversation' }).click()
  await expect(page.getByRole('article', { name: /user turn/ })).toHaveCount(0)
})

test('Send anyway sends what the form rejects, and the gateway answers with its own error', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Messages', 'claude-sonnet-4-6')
  await page.locator('input[name="temperature"]').fill('1.5')
  // A touched field shows its error at once; the untouched conversation does not yet.
  const issues = page.getByRole('list', { name: 'Validation issues' })
  await expect(issues).toContainText('temperature must be between 0 and 1')
  await expect(issues).not.toContainText('must not be empty')
  await text.send('hello')
  const refused = page.getByRole('alert', { name: 'Cannot send' })
  await expect(refused).toContainText('temperature must be between 0 and 1')
  await expect(page.getByLabel('Request body JSON')).toHaveValue(
    /"temperature": 1.5[\s\S]*hello|hello[\s\S]*"temperature": 1.5/,
  )
  await expect(issues).not.toContainText('must not be empty')
  await shoot(page, 'send-anyway')
  await refused.getByRole('button', { name: 'Send anyway' }).click()
  await expect(page.getByTestId('run-status')).toHaveText('Failed')
  await expect(page.getByTestId('run-error')).toContainText('HTTP 400')
  await expect(page.getByTestId('run-error')).toContainText(/temperature/)
  await expect(refused).toHaveCount(0)
})

test('the untouched form shows no errors; Send shows them', async ({ page, app }) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await expect(page.getByLabel('Request body JSON')).toHaveValue(/"messages": \[\]/)
  await expect(page.getByText(/must not be empty/)).toHaveCount(0)
  await expect(page.getByRole('alert')).toHaveCount(0)
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByRole('alert', { name: 'Cannot send' })).toContainText('write a message first')
  await expect(page.getByRole('list', { name: 'Validation issues' })).toContainText('must not be empty')
})

test("broken request JSON is reported once, in the user's words, before and after Send", async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await page.getByLabel('Message', { exact: true }).fill('hello')
  const body = page.getByLabel('Request body JSON')
  await expect(body).toHaveValue(/hello/)
  await body.fill('{\n  "model": "gpt-4o-mini",\n  "messages": [],\n}')
  const said = page.getByText('Request JSON: unexpected `}` (a comma before it?) at line 4, column 1')
  await expect(said).toHaveCount(1)
  await expect(page.getByText(/position \d+/)).toHaveCount(0)
  await page.getByLabel('Message', { exact: true }).press('Control+Enter')
  await expect(page.getByRole('alert', { name: 'Cannot send' })).toBeVisible()
  await expect(said).toHaveCount(1)
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('hello')
})

test('stale messages go with their cause: a refused file, a token count', async ({ page, app }) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Chat completions', 'gpt-4o-mini')
  await page
    .getByLabel('Attach files')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain text') })
  const refused = page.getByText(/notes\.txt: Chat completions takes images only/)
  await expect(refused).toBeVisible()
  await page.getByRole('button', { name: 'Clear conversation' }).click()
  await expect(refused).toHaveCount(0)

  await page.getByLabel('Message', { exact: true }).fill('count these few words')
  await page.getByRole('button', { name: 'Count tokens' }).click()
  await expect(page.getByTestId('token-count')).toContainText(/\d+ input tokens/)
  await page.getByLabel('Message', { exact: true }).fill('')
  await expect(page.getByTestId('token-count')).toHaveText('')
})

test('after a reply, "last sent" shows the bytes sent and "next" the next turn\'s draft', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Chat completions', 'gpt-4o-mini')
  const long = `First question about lighthouses ${'x'.repeat(400)}`
  await text.send(long)
  await text.waitDone()
  const which = page.getByRole('radiogroup', { name: 'Which request' })
  await which.getByLabel('Last sent').check()
  const last = page.getByLabel('Last sent body')
  await expect(last).toHaveValue(/First question about lighthouses/)
  // A long line wraps inside the view instead of running off its edge.
  expect(await last.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  await expect(last).not.toHaveValue(/"role": "assistant"/)
  await expect(page.getByTestId('request-target')).toContainText('Last sent: POST http://127.0.0.1:')
  await which.getByLabel('Next request (draft)').check()
  const next = page.getByLabel('Request body JSON')
  await expect(next).toHaveValue(/First question about lighthouses/)
  expect(await next.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  await page.getByLabel('Message', { exact: true }).fill('Second question')
  await expect(page.getByLabel('Request body JSON')).toHaveValue(/"role": "assistant"[\s\S]*Second question/)
  await page.getByRole('tab', { name: 'Code' }).click()
  await expect(page.getByRole('region', { name: 'Code export' })).toContainText('Second question')
  await which.getByLabel('Last sent').check()
  await expect(page.getByRole('region', { name: 'Code export' })).not.toContainText('Second question')
  await expect(page.getByRole('region', { name: 'Code export' })).toContainText(
    'First question about lighthouses',
  )
})

test('a run cut off by a reload before its first byte leaves the message with a way to get its answer', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const slow = await faultyProfile(page, 'latency:3000')
  const text = new TextPage(page)
  await text.openWith(slow)
  await text.choose('Chat completions', 'gpt-4o-mini')
  await text.send('Name three rivers.')
  await expect(page.getByRole('article', { name: 'user turn 1' })).toContainText('Name three rivers.')
  await page.reload()
  await expect(page.getByRole('article', { name: 'user turn 1' })).toContainText('Name three rivers.')
  const note = page.getByTestId('no-answer-note')
  await expect(note).toContainText('No answer to this message yet.')
  await shoot(page, 'no-answer-after-reload')
  await note.getByRole('button', { name: 'Get an answer' }).click()
  await expect(note).toHaveCount(0)
  await text.waitDone()
  await expect(page.getByRole('article', { name: 'assistant turn 2' })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByRole('article', { name: /user turn/ })).toHaveCount(1)
})
