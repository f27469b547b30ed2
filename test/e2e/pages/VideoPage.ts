// Page object for the Video panel: what a person does there, in their words.
import { expect, type Locator, type Page } from '@playwright/test'

export class VideoPage {
  constructor(readonly page: Page) {}

  get form(): Locator {
    return this.page.getByRole('form', { name: 'New video job' })
  }

  async open(): Promise<void> {
    await this.page.getByRole('tab', { name: /Video/ }).click()
    await expect(this.page.getByRole('heading', { name: 'Video', level: 1 })).toBeVisible()
  }

  async chooseModel(id: string): Promise<void> {
    await this.form.getByLabel('Model', { exact: true }).selectOption(id)
  }

  async chooseMode(label: string): Promise<void> {
    await this.form.getByLabel('Mode', { exact: true }).selectOption({ label })
  }

  async describe(prompt: string): Promise<void> {
    await this.form.getByLabel('Prompt', { exact: true }).fill(prompt)
  }

  generateButton(): Locator {
    return this.form.getByRole('button', { name: 'Generate video' })
  }

  async generate(): Promise<void> {
    await expect(this.generateButton()).toBeEnabled()
    await this.generateButton().click()
  }

  jobs(): Locator {
    return this.page.getByTestId('video-job')
  }

  /** Waits for the newest job to reach a status (polling runs every 3-5 s). */
  async waitForNewest(status: string, timeout = 45_000): Promise<Locator> {
    const job = this.jobs().first()
    await expect(job).toHaveAttribute('data-status', status, { timeout })
    return job
  }

  player(): Locator {
    return this.page.getByTestId('video-preview')
  }
}
