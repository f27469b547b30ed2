// Tool rounds in Compare, in real Chromium against browser mode, the simulator and server-everything over stdio:
// two tools of the server offered to every column, one prompt through the four formats; each column's model calls
// both, and each column's round is answered on its own (get-sum run on the server: the approval; echo denied with
// a reason); each column then sends its results back in its own format and its model answers from them, the round
// shown above the answer. And Stop all while the columns wait for their calls (one running a long call on the
// server) ends every column's loop: nothing waits, the long call is cancelled, and a column runs again.
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { ComparePage } from '../pages/ComparePage'
import { SettingsPage } from '../pages/SettingsPage'
import { connectEverything } from '../pages/toolServerSetup'

/** A screenshot of the columns (scrolled into view) when SHOTS names a folder. */
const shot = async (page: Page, name: string) => {
  if (!process.env.SHOTS) return
  await page.getByTestId('compare-column').first().scrollIntoViewIfNeeded()
  await page.screenshot({ path: join(process.env.SHOTS, `${name}.png`) })
}

/** The shape each format gives a tool's result in the request that carries it back. */
const RESULT_SHAPES = [/"role": "tool"/, /"function_call_output"/, /"tool_result"/, /"functionResponse"/]

async function offerTools(page: Page, names: string[]): Promise<void> {
  await page.getByText('Parameters for every column').click()
  const offer = page.getByRole('group', { name: 'Tools from servers' })
  await offer.getByText('Tools of').click()
  for (const name of names) await offer.getByRole('checkbox', { name, exact: true }).check()
  await expect(page.getByLabel(/Function tools/)).toHaveValue(new RegExp(`"${names[0]}"`))
}

for (const width of [1024, 1920]) {
  test(`each column runs its tool round in its format: one call run on the server, one denied (${width} px)`, async ({
    page,
    app,
  }) => {
    test.setTimeout(150_000)
    await page.setViewportSize({ width, height: 1000 })
    await page.goto(app.url)
    await connectEverything(page)
    const compare = new ComparePage(page)
    await compare.open()
    await compare.usePreset('gpt-4o-mini')
    await expect(compare.columns).toHaveCount(4)
    await offerTools(page, ['get-sum', 'echo'])
    await page.getByLabel('Prompt', { exact: true }).fill('Use get-sum and echo.')
    await page.getByRole('button', { name: 'Run all' }).click()

    for (let n = 1; n <= 4; n++) {
      const round = page.getByRole('form', { name: `Tool results of column ${n}` })
      await expect(round.getByTestId('tool-call')).toHaveCount(2, { timeout: 30_000 })
      await expect(round.getByTestId('tool-call').first()).toContainText('a tool of Everything')
    }
    // Waiting for results is part of the loop: Stop all stays offered.
    await expect(page.getByRole('button', { name: 'Stop all' })).toBeVisible()
    await shot(page, `compare-tools-${width}-1-asked`)

    for (let n = 1; n <= 4; n++) {
      const round = page.getByRole('form', { name: `Tool results of column ${n}` })
      // A call named by its tool (the echo's message may name the other tool).
      const sum = round.getByTestId('tool-call').filter({ has: page.getByText('get-sum', { exact: true }) })
      const echo = round.getByTestId('tool-call').filter({ has: page.getByText('echo', { exact: true }) })
      await sum.getByRole('button', { name: 'Run on Everything' }).click()
      await expect(sum.getByRole('textbox').first()).toHaveValue(/The sum of -?[\d.e+-]+ and -?[\d.e+-]+ is/)
      await echo.getByLabel('Why deny echo').fill(`not in column ${n}`)
      await echo.getByRole('button', { name: 'Deny' }).click()
      await expect(echo.getByRole('textbox').first()).toHaveValue(
        `The user denied this call: not in column ${n}`,
      )
      if (n === 1) await shot(page, `compare-tools-${width}-2-answered`)
      await round.getByRole('button', { name: 'Send tool results' }).click()
    }

    for (let n = 1; n <= 4; n++) {
      const column = compare.column(n)
      await expect(column.getByRole('form', { name: /Tool results/ })).toHaveCount(0)
      await expect(column.getByTestId('column-metrics')).toHaveAttribute('data-status', 'done', {
        timeout: 30_000,
      })
      const done = column.getByTestId('compare-round')
      await expect(done).toHaveCount(1)
      await expect(done).toContainText('Round 1')
      const call = (name: string) =>
        done.getByTestId('compare-round-call').filter({ has: page.getByText(name, { exact: true }) })
      await expect(call('get-sum')).toContainText('The sum of')
      await expect(call('get-sum')).toContainText(/ran on Everything in \d+ ms/)
      await expect(call('echo')).toContainText(`denied: sent as the tool’s error`)
      await expect(column.getByTestId('answer-text')).not.toBeEmpty()
      // The second request carried the round in this column's format.
      await compare.showColumnTab(n, 'Inspector')
      await expect(column.getByRole('tabpanel').last()).toContainText(RESULT_SHAPES[n - 1]!, {
        timeout: 10_000,
      })
      await expect(column.getByRole('tabpanel').last()).toContainText(`not in column ${n}`)
      await compare.showColumnTab(n, 'Answer')
    }
    await expect(page.getByRole('button', { name: 'Run all' })).toBeVisible()
    await shot(page, `compare-tools-${width}-3-answered`)
  })
}

test('Stop all ends every column’s tool loop, a long call running on the server included (1920 px)', async ({
  page,
  app,
}) => {
  test.setTimeout(150_000)
  await page.setViewportSize({ width: 1920, height: 1000 })
  await page.goto(app.url)
  await connectEverything(page)
  const compare = new ComparePage(page)
  await compare.open()
  await compare.usePreset('gpt-4o-mini')
  await offerTools(page, ['trigger-long-running-operation'])
  // The simulator's model picks a duration of at least 10 s (no bounds in the schema: 1 to 100).
  await page.getByLabel('Prompt', { exact: true }).fill('Start the long running operation.')
  await page.getByRole('button', { name: 'Run all' }).click()
  for (let n = 1; n <= 4; n++)
    await expect(page.getByRole('form', { name: `Tool results of column ${n}` })).toBeVisible({
      timeout: 30_000,
    })
  const first = page.getByRole('form', { name: 'Tool results of column 1' })
  await first.getByRole('button', { name: 'Run on Everything' }).click()
  await expect(first.getByRole('status').first()).toContainText('Running on Everything')
  await shot(page, 'compare-tools-stop-1-running')

  await page.getByRole('button', { name: 'Stop all' }).click()
  for (let n = 1; n <= 4; n++) {
    const column = compare.column(n)
    await expect(column.getByRole('form', { name: /Tool results/ })).toHaveCount(0)
    await expect(column.getByTestId('compare-round-stopped')).toContainText('Tool loop stopped')
  }
  await expect(page.getByRole('button', { name: 'Run all' })).toBeVisible()
  await shot(page, 'compare-tools-stop-2-stopped')

  // The server was told to cancel the long call: its log says so.
  await new SettingsPage(page).open()
  const section = page.getByRole('region', { name: 'Tool servers' })
  await section.getByText('Log', { exact: true }).click()
  await expect(section.getByTestId('tool-log')).toContainText('notifications/cancelled', { timeout: 10_000 })

  // A column runs its loop afresh.
  await compare.open()
  await compare.column(2).getByRole('button', { name: 'Run', exact: true }).click()
  await expect(page.getByRole('form', { name: 'Tool results of column 2' })).toBeVisible({ timeout: 30_000 })
  await expect(compare.column(2).getByTestId('compare-round-stopped')).toHaveCount(0)
})
