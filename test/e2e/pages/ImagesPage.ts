// Page object for the Images panel and the Jobs view: what a person does there, in their words.
import { expect, type Locator, type Page } from '@playwright/test'
import { encodeRgbPng } from '../../../src/simulator/pngEncode'

/** A real PNG (solid grey) of the given size, as a file a person picks. */
export function pngFile(name: string, width: number, height: number) {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x90)])
  const raw = Buffer.concat(Array.from({ length: height }, () => row))
  return { name, mimeType: 'image/png', buffer: encodeRgbPng(width, height, raw) }
}

export class ImagesPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByRole('tab', { name: /Images/ }).click()
    await expect(this.page.getByRole('heading', { name: 'Images', level: 1 })).toBeVisible()
  }

  async openTab(name: 'Batch images' | 'Photo-shoot' | 'Try-on'): Promise<void> {
    await this.page.getByRole('tablist', { name: 'Image tasks' }).getByRole('tab', { name }).click()
  }

  form(name: string): Locator {
    return this.page.getByRole('form', { name })
  }

  async upload(form: Locator, label: string, file: ReturnType<typeof pngFile>): Promise<void> {
    await form.getByLabel(`${label} file`, { exact: true }).setInputFiles(file)
    await expect(form.getByRole('group', { name: label, exact: true }).getByRole('img')).toBeVisible()
  }

  /** The newest job of the open tab, once it reached `status`. */
  async newest(status: string, timeout = 30_000): Promise<Locator> {
    const job = this.page.getByTestId('image-job')
    await expect(job).toHaveAttribute('data-status', status, { timeout })
    return job
  }

  thumbnails(): Locator {
    return this.page.getByRole('button', { name: /^Open image \d+ of/ })
  }

  async openJobs(): Promise<void> {
    await this.page.getByRole('tab', { name: /Jobs/ }).click()
    await expect(this.page.getByRole('heading', { name: 'Jobs', level: 1 })).toBeVisible()
  }

  jobRows(kind?: string): Locator {
    const rows = this.page.getByTestId('any-job')
    return kind ? rows.filter({ has: this.page.getByText(kind, { exact: true }) }) : rows
  }
}
