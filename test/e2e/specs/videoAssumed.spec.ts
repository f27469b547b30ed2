// The Video form takes any value where the spec states no limit, in Chromium against browser mode's simulator:
// a family D 1.0 duration of 7 s (the app's usual 5 and 10 are suggestions) and a fifth reference image are
// warned and sent with "Send anyway", and the simulator, like the spec, accepts them; a reference prompt that
// does not cite every image says which citations the request puts in front of it.
import { expect, test } from '../fixtures'
import { VideoPage } from '../pages/VideoPage'
import { pngFile } from '../pages/ImagesPage'

test('a family D 1.0 duration the spec does not forbid is warned, sent anyway and accepted', async ({
  page,
  app,
}) => {
  await page.goto(app.url)
  const video = new VideoPage(page)
  await video.open()
  await video.chooseModel('famD-1-0-pro-250528')
  await video.describe('waves on a pier at dusk')
  const duration = video.form.getByLabel('Duration (--dur)', { exact: true })
  // Text that is not a whole number is said at the field, and nothing can be sent meanwhile.
  await duration.fill('7.5')
  await expect(video.form.locator('.field-error')).toContainText('must be a whole number (got 7.5)')
  await expect(video.generateButton()).toBeDisabled()
  await duration.fill('7')
  await expect(video.form.locator('.field-error')).toHaveCount(0)
  // A warning is said beside the field without marking it invalid.
  await expect(video.form.locator('.field-warning')).toContainText('the app assumed it')
  await expect(duration).not.toHaveAttribute('aria-invalid', 'true')
  const problems = video.form.getByRole('list', { name: 'Problems with this request' })
  await expect(problems).toContainText('the spec does not state this limit for famD-1-0-pro-250528')
  await expect(video.generateButton()).toBeDisabled()
  await video.form.getByRole('button', { name: 'Send anyway' }).click()
  const job = await video.waitForNewest('succeeded', 60_000)
  await expect(job).toContainText('7 s')
})

test('reference mode offers a fifth image with a warning, and says which images the prompt does not cite', async ({
  page,
  app,
}) => {
  test.setTimeout(90_000)
  await page.goto(app.url)
  const video = new VideoPage(page)
  await video.open()
  await video.chooseModel('famD-1-0-lite-i2v-250428')
  await video.chooseMode('reference images')
  await video.describe('[图2] walks past [图1]')
  for (let i = 1; i <= 5; i++) {
    const slot = `Reference ${i} ([图${i}])`
    await video.form.getByLabel(`${slot} file`, { exact: true }).setInputFiles(pngFile(`ref${i}.png`, 64, 48))
    await expect(video.form.getByRole('group', { name: slot, exact: true }).getByRole('img')).toBeVisible()
  }
  await expect(video.form.getByRole('group', { name: 'Reference 6 ([图6])', exact: true })).toBeVisible()
  await expect(video.form.getByTestId('uncited-note')).toContainText('images 3, 4, 5')
  await expect(video.form.getByTestId('uncited-note')).toContainText('[图3][图4][图5]')
  const problems = video.form.getByRole('list', { name: 'Problems with this request' })
  await expect(problems).toContainText('the app assumed it')
  await video.form.getByRole('button', { name: 'Send anyway' }).click()
  await video.waitForNewest('succeeded', 60_000)
})
