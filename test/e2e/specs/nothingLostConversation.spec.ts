// The Text panel's conversation is main's and main saves it: after a host restart the page opens it from main's
// data folder (conversation.json), not from the page's workspace state, which no longer carries the turns; a
// workspace saved before that (turns inside it) is loaded into main once and then is main's.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '../fixtures'
import { TextPage } from '../pages/TextPage'

test('the Text conversation survives a host restart, kept by main and not in the workspace', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Chat completions', 'gpt-4o-mini')
  await text.send('Where do lighthouse keepers sleep?')
  await text.waitDone()

  const saved = join(app.dataDir, 'conversation.json')
  await expect.poll(() => existsSync(saved) && readFileSync(saved, 'utf8')).toContain('lighthouse keepers')
  await expect.poll(() => existsSync(join(app.dataDir, 'workspace.json'))).toBe(true)
  const workspace = JSON.parse(readFileSync(join(app.dataDir, 'workspace.json'), 'utf8'))
  expect(workspace.panels.text).not.toContain('lighthouse keepers')

  await app.restart()
  await page.goto(app.url)
  await text.open()
  await expect(page.getByRole('article', { name: 'user turn 1' })).toContainText(
    'Where do lighthouse keepers sleep?',
  )
  await expect(page.getByRole('article', { name: 'assistant turn 2' })).toContainText(/\w+/)
  // The conversation goes on from where it was: the next Send adds turns 3 and 4.
  await text.send('And in winter?')
  await text.waitDone()
  await expect(page.getByRole('article', { name: 'user turn 3' })).toContainText('And in winter?')
  await expect(page.getByRole('article', { name: 'assistant turn 4' })).toContainText(/\w+/)
})

test('turns an older workspace state carries are loaded into main once and kept by main', async ({
  page,
  app,
}) => {
  // A workspace written before main kept the conversation: the turns are in the Text panel's state.
  const older = {
    format: 'chat',
    model: 'gpt-4o-mini',
    messages: [
      { role: 'user', parts: [{ type: 'text', text: 'An older question about tides' }] },
      { role: 'assistant', parts: [{ type: 'text', text: 'An older answer about tides' }] },
    ],
    composer: '',
  }
  // No page has opened yet, so the host has nothing of its own to write over it.
  writeFileSync(
    join(app.dataDir, 'workspace.json'),
    JSON.stringify({ version: 1, panels: { text: JSON.stringify(older) } }),
  )
  await app.restart()
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await expect(page.getByRole('article', { name: 'user turn 1' })).toContainText(
    'An older question about tides',
  )
  await expect(page.getByRole('article', { name: 'assistant turn 2' })).toContainText(
    'An older answer about tides',
  )
  // Now main's: saved in its own file, and the workspace state no longer carries them.
  const saved = join(app.dataDir, 'conversation.json')
  await expect
    .poll(() => existsSync(saved) && readFileSync(saved, 'utf8'))
    .toContain('older question about tides')
  await expect
    .poll(() => JSON.parse(readFileSync(join(app.dataDir, 'workspace.json'), 'utf8')).panels.text)
    .not.toContain('older question about tides')

  await app.restart()
  await page.goto(app.url)
  await text.open()
  await expect(page.getByRole('article', { name: 'user turn 1' })).toContainText(
    'An older question about tides',
  )
  await expect(page.getByRole('article', { name: 'assistant turn 3' })).toHaveCount(0)
})
