// Edit any turn and keep every answer: an answer rewritten is marked "edited" and sent as written; a user turn is
// saved (the later turns kept) or saved and sent again (the later turns dropped); Regenerate keeps the earlier
// answers as versions (‹ 1/2 ›), the one shown being the one the next request sends. Main keeps it all across a
// restart.
import { expect, test } from '../fixtures'
import type { Page } from '@playwright/test'
import { TextPage } from '../pages/TextPage'

const turn = (page: Page, name: string) => page.getByRole('article', { name })

for (const width of [1024, 1920]) {
  test(`turns are edited and answers kept as versions, the shown one sent, after a restart too (${width} px)`, async ({
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
    const body = page.getByLabel('Request body JSON')

    // The answer, rewritten: marked, and the next request carries it as written.
    await page.getByRole('button', { name: 'Edit turn 2' }).click()
    const answerBox = page.getByLabel('Edit the text of turn 2')
    await expect(answerBox).toBeFocused()
    await expect(answerBox).toHaveValue(/About lighthouses/)
    await answerBox.fill('My own answer about lighthouses.')
    await turn(page, 'assistant turn 2')
      .getByRole('button', { name: 'Save and resend' })
      .waitFor({ state: 'detached' })
    await turn(page, 'assistant turn 2').getByRole('button', { name: 'Save', exact: true }).click()
    await expect(turn(page, 'assistant turn 2')).toContainText('My own answer about lighthouses.')
    await expect(turn(page, 'assistant turn 2').getByText('edited', { exact: true })).toBeVisible()
    await expect(body).toHaveValue(/My own answer about lighthouses\./)

    // A user turn: an empty text is refused in words once Save is pressed; Save keeps the turns after it.
    await page.getByRole('button', { name: 'Edit turn 1' }).click()
    const userBox = page.getByLabel('Edit the text of turn 1')
    await expect(turn(page, 'user turn 1').getByRole('alert')).toHaveCount(0)
    await userBox.fill('')
    await turn(page, 'user turn 1').getByRole('button', { name: 'Save', exact: true }).click()
    await expect(turn(page, 'user turn 1').getByRole('alert')).toHaveText(
      'Text: write the turn’s text, or use Remove to take the turn away.',
    )
    await userBox.fill('About windmills.')
    await turn(page, 'user turn 1').getByRole('button', { name: 'Save', exact: true }).click()
    await expect(turn(page, 'user turn 1')).toContainText('About windmills.')
    await expect(turn(page, 'user turn 1').getByText('edited', { exact: true })).toBeVisible()
    await expect(turn(page, 'assistant turn 2')).toContainText('My own answer about lighthouses.')

    // Regenerate keeps the rewritten answer as the first version; the new one is shown and sent.
    await page.getByRole('button', { name: 'Regenerate' }).click()
    await expect(turn(page, 'assistant turn 2')).toContainText('About windmills', { timeout: 20_000 })
    await text.waitDone()
    await expect(page.getByTestId('answer-version')).toHaveText('2/2')
    await expect(body).not.toHaveValue(/My own answer/)
    await page.getByRole('button', { name: 'Earlier version' }).click()
    await expect(page.getByTestId('answer-version')).toHaveText('1/2')
    await expect(turn(page, 'assistant turn 2')).toContainText('My own answer about lighthouses.')
    await expect(body).toHaveValue(/My own answer about lighthouses\./)
    await page.screenshot({ path: test.info().outputPath(`edit-versions-${width}.png`) })

    // Main keeps the edits, the versions and the one shown.
    await page.waitForTimeout(1200)
    await app.restart()
    await page.goto(app.url)
    await text.open()
    await expect(turn(page, 'user turn 1')).toContainText('About windmills.')
    await expect(turn(page, 'user turn 1').getByText('edited', { exact: true })).toBeVisible()
    await expect(turn(page, 'assistant turn 2')).toContainText('My own answer about lighthouses.')
    await expect(page.getByTestId('answer-version')).toHaveText('1/2')
    await page.getByRole('button', { name: 'Later version' }).click()
    await expect(page.getByTestId('answer-version')).toHaveText('2/2')
    await expect(turn(page, 'assistant turn 2')).toContainText('About windmills')
    await expect(body).not.toHaveValue(/My own answer/)
    await page.screenshot({ path: test.info().outputPath(`edit-restart-${width}.png`) })

    // Save and resend: the later turns go and the turn is asked again.
    await page.getByRole('button', { name: 'Edit turn 1' }).click()
    await page.getByLabel('Edit the text of turn 1').fill('About canals.')
    await turn(page, 'user turn 1').getByRole('button', { name: 'Save and resend' }).click()
    await expect(turn(page, 'assistant turn 2')).toContainText('About canals', { timeout: 20_000 })
    await text.waitDone()
    await expect(page.getByRole('article', { name: /turn/ })).toHaveCount(2)
    await expect(page.getByTestId('answer-version')).toHaveCount(0)
  })
}
