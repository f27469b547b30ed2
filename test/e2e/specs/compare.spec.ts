// The Compare panel in Chromium against browser mode's built-in simulator, as a user: one prompt with top_k through
// "one model, all four formats", four exact bodies and the lossiness warnings before sending, then four streamed
// answers with metrics and a four-lane timeline while one column (a profile whose header makes the simulator break
// the stream) fails on its own; body and answer diffs, usage reconciliation, export; the keyboard; and the way
// over from the Text panel and back.
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { ComparePage, faultyProfile } from '../pages/ComparePage'
import { TextPage } from '../pages/TextPage'

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1024, 1920]) {
    await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 })
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

test('one prompt through four formats: bodies, lossiness, four streams, one failing column, diffs and export', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000)
  await page.goto(app.url)
  const broken = await faultyProfile(page, 'error:6')
  const compare = new ComparePage(page)
  await compare.open()
  await compare.usePreset('gpt-4o-mini')
  await expect(compare.columns).toHaveCount(4)

  await page.getByLabel('Prompt', { exact: true }).fill('Name three colours and say why you like them.')
  await page.getByText('Parameters for every column').click()
  await page.getByLabel('Top K').fill('40')

  // Before sending: four exact bodies, and chat completions says it cannot send top_k.
  for (let n = 1; n <= 4; n++) {
    await expect(compare.column(n).getByTestId('column-body')).toContainText('Name three colours')
  }
  await expect(compare.column(1).getByTestId('column-body')).not.toContainText('top_k')
  await expect(compare.column(3).getByTestId('column-body')).toContainText('"top_k": 40')
  await expect(compare.column(4).getByTestId('column-body')).toContainText('"topK": 40')
  await expect(compare.column(1).getByTestId('loss-warnings')).toContainText('Top K')
  await expect(compare.column(1).getByTestId('loss-warnings')).toContainText('no such field')
  await expect(compare.column(3).getByRole('region', { name: 'What Messages loses' })).not.toContainText(
    'topK',
  )

  // The native column goes through the profile whose header breaks the stream.
  await compare.column(4).getByLabel('Column 4 profile').selectOption({ label: broken })
  await shoot(page, 'compare-before-run')

  await page.getByRole('button', { name: 'Run all' }).click()
  for (let n = 1; n <= 3; n++) {
    await expect(compare.column(n).getByTestId('column-metrics')).toHaveAttribute('data-status', 'done', {
      timeout: 30_000,
    })
    await expect(compare.column(n).getByTestId('answer-text')).not.toBeEmpty()
    await expect(compare.column(n).getByTestId('column-metrics')).toContainText(/TTFT\s*\d+ ms/)
  }
  await expect(compare.column(4).getByTestId('column-metrics')).toHaveAttribute('data-status', 'error')
  await expect(compare.column(4).getByTestId('run-error')).toBeVisible()

  // The timeline: four lanes, three with frames read from main's record.
  await compare.showDifferences('Timeline')
  await expect(page.getByTestId('timeline-lane')).toHaveCount(4)
  await expect(page.getByTestId('lane-facts')).toHaveCount(4)
  await expect(page.getByTestId('lane-facts').first()).toContainText(/\d+ frames/)
  await shoot(page, 'compare-after-run')

  // Hovering a mark of the first lane (its last, far down the frame list) shows its frame; clicking opens it in
  // that column's Inspector, with the frame list scrolled to that frame and the frame marked.
  const canvas = page.getByRole('img', { name: 'Frames of each column over time' })
  // The screenshots above resized the window: bring the timeline back into view before pointing at it.
  await canvas.scrollIntoViewIfNeeded()
  const box = (await canvas.boundingBox())!
  let found = false
  for (let x = box.width - 2; x > 0 && !found; x -= 2) {
    await page.mouse.move(box.x + x, box.y + 15)
    found = await page.getByRole('tooltip').isVisible()
  }
  expect(found).toBe(true)
  await expect(page.getByRole('tooltip')).toContainText(/frame \d+ · \+\d/)
  await page.mouse.down()
  await page.mouse.up()
  await expect(compare.column(1).getByTestId('frame-focus')).toContainText(/Frame \d+ at \+/)
  await expect(compare.column(1).getByRole('tab', { name: 'Stream' })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  const picked = /Frame (\d+) at (\+[\d.]+ ms)/.exec(
    await compare.column(1).getByTestId('frame-focus').locator('strong').innerText(),
  )!
  expect(Number(picked[1])).toBeGreaterThan(20)
  const focused = compare.column(1).locator('[role="listitem"][aria-current="true"]')
  await expect(focused).toHaveCount(1)
  await expect(focused).toBeInViewport()
  await expect(focused).toContainText(picked[2]!)
  await expect(focused.getByRole('button', { name: /^Copy/ })).toHaveAccessibleName(
    new RegExp(`frame ${picked[1]}$`),
  )
  await shoot(page, 'compare-frame-focus')

  // One column runs again on its own; the others keep their answers.
  await compare.column(2).getByRole('button', { name: 'Run', exact: true }).click()
  await expect(compare.column(2).getByTestId('column-metrics')).toHaveAttribute('data-status', 'done', {
    timeout: 30_000,
  })
  await expect(compare.column(1).getByTestId('column-metrics')).toHaveAttribute('data-status', 'done')

  // Body diff of chat completions against messages: where the same draft lands differs.
  await compare.showDifferences('Body diff')
  await page.getByLabel('Body diff second column').selectOption({ index: 2 })
  await expect(page.getByTestId('body-diff-counts')).toContainText(/\d+ changed · \d+ added · \d+ missing/)
  await expect(page.getByTestId('body-diff-row').filter({ hasText: 'top_k' })).toHaveCount(1)

  // Answer diff of the first two columns.
  await compare.showDifferences('Answer diff')
  await expect(page.getByTestId('answer-diff')).toBeVisible()
  await expect(page.getByTestId('answer-diff-counts')).toContainText('words only in the first')

  // Usage: what each format reported next to count_tokens and the estimate.
  await compare.showDifferences('Usage')
  await expect(page.getByTestId('usage-row')).toHaveCount(4)
  await page.getByRole('button', { name: 'Count tokens' }).click()
  await expect(page.getByTestId('count-server')).toHaveText(/^\d+$/)
  await expect(page.getByTestId('count-estimate')).toHaveText(/^\d+$/)
  await shoot(page, 'compare-usage')

  // Export as JSON: the draft, four columns with bodies, answers and the failure.
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export JSON' }).click()
  const file = await (await download).path()
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    columns: { format: string; status: string; body: string; answer: string }[]
  }
  expect(report.columns.map((c) => c.format)).toEqual(['chat', 'responses', 'messages', 'native'])
  expect(report.columns.map((c) => c.status)).toEqual(['done', 'done', 'done', 'error'])
  expect(report.columns[0]!.answer.length).toBeGreaterThan(0)
  expect(JSON.parse(report.columns[2]!.body)).toMatchObject({ top_k: 40 })
})

test('an attached image reaches every column, each in its format’s own shape', async ({ page, app }) => {
  test.setTimeout(90_000)
  await page.goto(app.url)
  const compare = new ComparePage(page)
  await compare.open()
  await compare.usePreset('gpt-4o-mini')
  await page.getByLabel('Prompt', { exact: true }).fill('What is in this image?')
  const draft = page.getByRole('region', { name: 'Shared draft' })
  // A 1x1 PNG.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  )
  await draft
    .getByLabel('Attach files')
    .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: png })
  await expect(draft.getByRole('list', { name: 'Attachments' })).toContainText('dot.png')
  await draft.getByLabel('Detail for dot.png').selectOption('high')

  // Before sending: each body carries the image its own way, and the formats without a detail level say so.
  const shapes: [number, RegExp[]][] = [
    [1, [/"type":\s*"image_url"/, /"url":\s*"data:image\/png;base64,iVBOR/, /"detail":\s*"high"/]],
    [2, [/"type":\s*"input_image"/, /"image_url":\s*"data:image\/png;base64,iVBOR/, /"detail":\s*"high"/]],
    [3, [/"type":\s*"base64"/, /"media_type":\s*"image\/png"/, /"data":\s*"iVBOR/]],
    [4, [/"inlineData":/, /"mimeType":\s*"image\/png"/, /"data":\s*"iVBOR/]],
  ]
  for (const [n, expected] of shapes)
    for (const shape of expected)
      await expect(compare.column(n).getByTestId('column-body')).toContainText(shape)
  await expect(compare.column(3).getByTestId('loss-warnings')).toContainText('detail')
  await expect(compare.column(4).getByTestId('loss-warnings')).toContainText('detail')
  await expect(
    compare.column(1).getByRole('region', { name: 'What Chat completions loses' }),
  ).not.toContainText('detail')
  await shoot(page, 'compare-attachment')

  // Sent: every column's recorded request carries the image as its preview showed.
  await page.getByRole('button', { name: 'Run all' }).click()
  for (const [n, expected] of shapes) {
    await expect(compare.column(n).getByTestId('column-metrics')).toHaveAttribute('data-status', 'done', {
      timeout: 30_000,
    })
    await compare.showColumnTab(n, 'Inspector')
    const request = compare.column(n).getByRole('tabpanel', { name: /inspector$/ })
    for (const shape of expected) await expect(request).toContainText(shape)
  }
})

test("long answers' frame records are read for the timeline once it is opened, not before", async ({
  page,
  app,
}) => {
  test.setTimeout(90_000)
  const frameReads: string[] = []
  page.on('websocket', (ws) =>
    ws.on('framesent', (f) => {
      if (String(f.payload).includes('"text.getFrames"')) frameReads.push(String(f.payload))
    }),
  )
  await page.goto(app.url)
  const compare = new ComparePage(page)
  await compare.open()
  await compare.usePreset('gpt-4o-mini')
  await page.getByText('Parameters for every column').click()
  await page.locator('input[name="max_tokens"]').fill('6000')
  await page
    .getByLabel('Prompt', { exact: true })
    .fill('sim:tokens=4000 markdown with code blocks and tables')
  await page.getByRole('button', { name: 'Run all' }).click()
  for (let n = 1; n <= 4; n++)
    await expect(compare.column(n).getByTestId('column-metrics')).toHaveAttribute('data-status', 'done', {
      timeout: 60_000,
    })
  // Longer than the record an exchange carries (its latest frames), and the timeline is below the long columns.
  await page.waitForTimeout(1000)
  expect(frameReads).toEqual([])
  await compare.showDifferences('Timeline')
  await expect.poll(() => frameReads.length).toBeGreaterThan(0)
  await expect(page.getByTestId('lane-facts')).toHaveCount(4)
  for (let n = 0; n < 4; n++)
    await expect(page.getByTestId('lane-facts').nth(n)).toContainText(/\d{3,} frames/, { timeout: 30_000 })
})

test('the keyboard runs and stops every column, and a refused run names the field', async ({ page, app }) => {
  await page.goto(app.url)
  const slow = await faultyProfile(page, 'tps:5')
  const compare = new ComparePage(page)
  await compare.open()
  await page.getByRole('button', { name: 'Run all' }).click()
  await expect(page.getByRole('alert', { name: 'Cannot run' })).toContainText(
    'Prompt: write the prompt every column sends (or attach a file)',
  )

  for (let n = 1; n <= 4; n++)
    await compare.column(n).getByLabel(`Column ${n} profile`).selectOption({ label: slow })
  await page.getByLabel('Prompt', { exact: true }).fill('Tell a long story.')
  await expect(page.getByRole('alert', { name: 'Cannot run' })).toHaveCount(0)
  await page.getByLabel('Prompt', { exact: true }).press('Control+Enter')
  await expect(page.getByRole('button', { name: 'Stop all' })).toBeVisible()
  await expect(compare.column(1).getByTestId('answer-text')).not.toBeEmpty()

  // The timeline draws while the columns stream: every lane has marks before any run has ended.
  await compare.showDifferences('Timeline')
  for (let n = 1; n <= 4; n++) await expect.poll(() => compare.laneMarkPixels(n)).toBeGreaterThan(0)
  await expect(page.getByTestId('timeline-lane').first()).toContainText('streaming')
  for (let n = 1; n <= 4; n++)
    await expect(compare.column(n).getByTestId('column-metrics')).toHaveAttribute('data-status', 'running')
  await page.keyboard.press('Escape')
  for (let n = 1; n <= 4; n++)
    await expect(compare.column(n).getByTestId('column-metrics')).toHaveAttribute('data-status', 'aborted')
  await expect(page.getByRole('button', { name: 'Run all' })).toBeVisible()

  // Arrow keys move between focused columns; the layout stacks and goes back.
  await compare.column(1).focus()
  await page.keyboard.press('ArrowRight')
  await expect(compare.column(2)).toBeFocused()
  await page.keyboard.press('ArrowLeft')
  await expect(compare.column(1)).toBeFocused()
  const side = [(await compare.column(1).boundingBox())!, (await compare.column(2).boundingBox())!]
  expect(side[1]!.x).toBeGreaterThan(side[0]!.x + side[0]!.width - 1)
  expect(Math.abs(side[1]!.y - side[0]!.y)).toBeLessThan(2)
  await page.getByRole('button', { name: 'Stack columns' }).click()
  await expect(page.getByRole('button', { name: 'Side by side' })).toBeVisible()
  const stacked = [(await compare.column(1).boundingBox())!, (await compare.column(2).boundingBox())!]
  expect(stacked[1]!.y).toBeGreaterThan(stacked[0]!.y + stacked[0]!.height - 1)
  expect(Math.abs(stacked[1]!.x - stacked[0]!.x)).toBeLessThan(2)
  await compare.column(1).focus()
  await page.keyboard.press('ArrowDown')
  await expect(compare.column(2)).toBeFocused()
  await page.getByRole('button', { name: 'Side by side' }).click()
  await expect(page.getByRole('button', { name: 'Stack columns' })).toBeVisible()

  // Ctrl+Enter runs all from anywhere on the panel, not only from the prompt; Esc stops all from a column.
  await page.getByRole('heading', { name: 'Compare', level: 1 }).click()
  await page.keyboard.press('Control+Enter')
  await expect(page.getByRole('button', { name: 'Stop all' })).toBeVisible()
  for (let n = 1; n <= 4; n++)
    await expect(compare.column(n).getByTestId('column-metrics')).toHaveAttribute('data-status', 'running')
  await compare.column(3).focus()
  await page.keyboard.press('Escape')
  for (let n = 1; n <= 4; n++)
    await expect(compare.column(n).getByTestId('column-metrics')).toHaveAttribute('data-status', 'aborted')
})

test('Open in Compare carries the Text conversation over, Continue in Text carries a column back', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await page.getByLabel('Message', { exact: true }).fill('Say hello in two words.')
  await page.getByRole('button', { name: 'Open in Compare' }).click()
  const compare = new ComparePage(page)
  await expect(page.getByRole('heading', { name: 'Compare', level: 1 })).toBeVisible()
  await expect(page.getByLabel('Prompt', { exact: true })).toHaveValue('Say hello in two words.')
  await expect(compare.columns).toHaveCount(4)

  await page.getByRole('button', { name: 'Run all' }).click()
  await expect(compare.column(3).getByTestId('column-metrics')).toHaveAttribute('data-status', 'done', {
    timeout: 30_000,
  })
  const answer = (await compare.column(3).getByTestId('answer-text').innerText()).trim()
  await compare.column(3).getByRole('button', { name: 'Continue in Text' }).click()
  await expect(page.getByRole('heading', { name: 'Text', level: 1 })).toBeVisible()
  await expect(page.getByLabel('Wire format')).toHaveValue('messages')
  const conversation = page.getByRole('region', { name: 'Conversation' })
  await expect(conversation).toContainText('Say hello in two words.')
  await expect(conversation).toContainText(answer.slice(0, 20))
})
