// The evals' default judge and embedding model in Chromium against browser mode, at 1024 and 1920 px: nothing
// marked wrong before the user acts; a cleared or spaced model named at its field once left, and Save refused
// without losing what was typed; a judge on a second profile saved, kept across a restart of the app, and taken
// by the judge and similarity graders the Evals panel adds next.
import { expect, test } from '../fixtures'
import { faultyProfile } from '../pages/ComparePage'
import { SettingsPage } from '../pages/SettingsPage'
import { fitsAtBothWidths } from '../pages/layoutCheck'

test('the default judge and embedding model are checked, kept across a restart, and start new graders', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(90_000)
  await page.goto(app.url)
  // A second profile to be the judge's (its fault header does not matter here: nothing is sent).
  const judgeProfile = await faultyProfile(page, '500')
  const settings = new SettingsPage(page)
  const form = page.getByRole('form', { name: 'Eval defaults' })
  await form.scrollIntoViewIfNeeded()
  await expect(form.getByLabel('Judge model')).toHaveValue('gpt-4o-mini')
  await expect(form.getByLabel('Embedding model')).toHaveValue('text-embedding-3-small')
  await expect(form.getByLabel('Judge profile')).toHaveValue('')
  await expect(form.locator('.field-error')).toHaveCount(0)

  await form.getByLabel('Judge model').fill('')
  await expect(form.locator('.field-error')).toHaveCount(0)
  await form.getByLabel('Judge model').blur()
  await expect(form.getByText('judge model: write a model id')).toBeVisible()
  await form.getByLabel('Judge model').fill('claude judge')
  await expect(form.getByText('judge model: a model id has no spaces')).toBeVisible()
  await form.getByLabel('Embedding model').fill('')
  await form.getByRole('button', { name: 'Save eval defaults' }).click()
  await expect(form.getByText('embedding model: write a model id')).toBeVisible()
  await expect(form.getByRole('status')).toHaveCount(0)
  await expect(form.getByLabel('Judge model')).toHaveValue('claude judge')
  await fitsAtBothWidths(page, testInfo, 'eval-defaults-errors')

  await form.getByLabel('Judge profile').selectOption({ label: judgeProfile })
  await form.getByLabel('Judge format').selectOption('messages')
  await form.getByLabel('Judge model').fill('claude-judge-1')
  await form.getByLabel('Embedding model').fill('text-embedding-3-large')
  await expect(form.locator('.field-error')).toHaveCount(0)
  await form.getByRole('button', { name: 'Save eval defaults' }).click()
  await expect(form.getByRole('status')).toContainText(
    'Saved. New judge and similarity graders start with these',
  )
  await fitsAtBothWidths(page, testInfo, 'eval-defaults-saved')

  await app.restart()
  await page.goto(app.url)
  await settings.open()
  await form.scrollIntoViewIfNeeded()
  await expect(form.getByLabel('Judge model')).toHaveValue('claude-judge-1')
  await expect(form.getByLabel('Judge format')).toHaveValue('messages')
  await expect(form.getByLabel('Judge profile').locator('option:checked')).toHaveText(judgeProfile)
  await expect(form.getByLabel('Embedding model')).toHaveValue('text-embedding-3-large')

  await page.getByRole('tab', { name: 'Evals' }).click()
  await page.getByLabel('Add grader').selectOption('judge')
  await expect(page.getByLabel('Grader 1 judge model')).toHaveValue('claude-judge-1')
  await expect(page.getByLabel('Grader 1 judge format')).toHaveValue('messages')
  await expect(page.getByLabel('Grader 1 profile').locator('option:checked')).toHaveText(judgeProfile)
  await page.getByLabel('Add grader').selectOption('similarity')
  await expect(page.getByLabel('Grader 2 embedding model')).toHaveValue('text-embedding-3-large')
  // No default embedding profile: the eval's own (the active one).
  await expect(page.getByLabel('Grader 2 profile').locator('option:checked')).toHaveText('Local simulator')
  await expect(page.locator('.evals-panel .field-error')).toHaveCount(0)
  await page.getByRole('listitem', { name: /Grader 1/ }).scrollIntoViewIfNeeded()
  await fitsAtBothWidths(page, testInfo, 'eval-defaults-graders')
})
