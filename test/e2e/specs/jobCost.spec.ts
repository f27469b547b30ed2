// What jobs cost, as a new user meets it, in Chromium at 1024 and 1920 px: a famC video job (the simulator's demo
// price per second at its resolution) and a batch of images ($0.04 an image) show their cost on their cards in
// Video, Images and the Jobs view (each figure worked out by hand from what the card says was asked), in the job's
// details, in History, and in Settings' spend this month; a job that fails says "failed before billing", never $0.
import { expect, test } from '../fixtures'
import { VideoPage } from '../pages/VideoPage'
import { ImagesPage } from '../pages/ImagesPage'
import { HistoryPage } from '../pages/HistoryPage'
import { SettingsPage } from '../pages/SettingsPage'

/** The simulator profile's demo prices of famC-2.5-t2v-preview, per second by resolution. */
const FAMC_PER_SECOND: Record<string, number> = { '480p': 0.05, '720p': 0.1, '1080p': 0.15 }
const IMAGE = 0.04

const dollars = (micros: number) =>
  `$${(micros / 1e6).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })}`

for (const width of [1024, 1920]) {
  test(`a video job and a batch of images show what they cost, a failed job bills nothing, at ${width} px`, async ({
    page,
    app,
  }) => {
    test.setTimeout(150_000)
    await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 })
    await page.goto(app.url)

    // A video job with the form's defaults: its card says what it asked, and the cost is that × the price.
    const video = new VideoPage(page)
    await video.open()
    await video.chooseModel('famC-2.5-t2v-preview')
    await video.describe('a paper boat drifting down a river')
    await video.generate()
    const job = await video.waitForNewest('succeeded')
    const asked = /asked (\d+) s · (\d+p)/.exec(await job.innerText())
    expect(asked).not.toBeNull()
    const videoMicros = Math.round(Number(asked![1]) * FAMC_PER_SECOND[asked![2]!]! * 1e6)
    expect(videoMicros).toBeGreaterThan(0)
    await expect(job.getByTestId('job-cost')).toHaveText(`· cost ${dollars(videoMicros)}`)

    // A job the gateway fails: failed before billing, never $0.
    await video.describe('this one will fail')
    await video.generate()
    const failed = await video.waitForNewest('failed')
    await expect(failed.getByTestId('job-cost')).toHaveText('· failed before billing, nothing charged')

    // A batch of 3 images: 3 × $0.04.
    const images = new ImagesPage(page)
    await images.open()
    const form = images.form('Batch images')
    await form.getByLabel('Prompt', { exact: true }).fill('a red chair in a white room')
    await form.getByLabel(/Number of images/).fill('3')
    await form.getByRole('button', { name: 'Generate images' }).click()
    const imageJob = await images.newest('succeeded')
    const imageMicros = Math.round(3 * IMAGE * 1e6)
    await expect(imageJob.getByTestId('job-cost')).toHaveText(`· cost ${dollars(imageMicros)}`)

    // The Jobs view: each card and the listed jobs' total.
    await images.openJobs()
    await expect(images.jobRows()).toHaveCount(3)
    const succeededVideo = images.jobRows().filter({ hasText: 'a paper boat' })
    await expect(succeededVideo.getByTestId('job-cost')).toHaveText(`· cost ${dollars(videoMicros)}`)
    await expect(
      images.jobRows().filter({ hasText: 'this one will fail' }).getByTestId('job-cost'),
    ).toHaveText('· failed before billing, nothing charged')
    await expect(images.jobRows().filter({ hasText: 'a red chair' }).getByTestId('job-cost')).toHaveText(
      `· cost ${dollars(imageMicros)}`,
    )
    const total = videoMicros + imageMicros
    await expect(page.getByTestId('jobs-cost')).toHaveText(`Cost of the jobs listed: ${dollars(total)}`)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.screenshot({ path: test.info().outputPath(`jobs-cost-${width}.png`), fullPage: true })

    // The job's details say it too.
    await succeededVideo.getByRole('button', { name: 'Details' }).click()
    const details = page.getByRole('dialog', { name: 'Job details' })
    await expect(details.getByTestId('job-cost')).toHaveText(`· cost ${dollars(videoMicros)}`)
    await details.getByRole('button', { name: 'Close' }).click()

    // History: each job's row carries its cost; the failed one has none.
    const history = new HistoryPage(page)
    await history.open()
    await expect(history.rows).toHaveCount(3)
    await expect(history.rows.filter({ hasText: 'a paper boat' })).toContainText(dollars(videoMicros))
    await expect(history.rows.filter({ hasText: 'a red chair' })).toContainText(dollars(imageMicros))
    await expect(history.rows.filter({ hasText: 'this one will fail' })).not.toContainText('$')
    await page.screenshot({ path: test.info().outputPath(`jobs-cost-history-${width}.png`) })

    // Settings' spend this month counts both billed jobs, once.
    await new SettingsPage(page).open()
    const spend = page.getByRole('table', { name: 'Spend this month' })
    await expect(spend.getByRole('row', { name: /Local simulator/ }).first()).toContainText(
      `${dollars(total)} over 2 runs`,
    )
  })
}
