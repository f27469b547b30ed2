// Page object for the Text panel.
import { expect, type Locator, type Page } from '@playwright/test'

export class TextPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByRole('tab', { name: /Text/ }).click()
    await expect(this.page.getByRole('heading', { name: 'Text', level: 1 })).toBeVisible()
  }

  /** Opens the panel with `profile` picked for its runs. */
  async openWith(profile: string): Promise<void> {
    await this.open()
    await this.page.getByLabel('Profile').selectOption({ label: profile })
  }

  async choose(
    format: 'Chat completions' | 'Responses' | 'Messages' | 'Native (generateContent)',
    model: string,
  ): Promise<void> {
    await this.page.getByLabel('Wire format').selectOption({ label: format })
    await this.page.getByLabel('Model', { exact: true }).fill(model)
  }

  async send(text: string): Promise<void> {
    await this.page.getByLabel('Message', { exact: true }).fill(text)
    await this.page.getByLabel('Message', { exact: true }).press('Control+Enter')
  }

  /** Pastes `text` into the message box as the clipboard would (a paste event carrying it as plain text). */
  async paste(text: string): Promise<void> {
    await this.page.getByLabel('Message', { exact: true }).evaluate((box, value) => {
      const data = new DataTransfer()
      data.setData('text/plain', value)
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
    }, text)
  }

  get answer(): Locator {
    return this.page.getByTestId('answer-text').last()
  }

  async waitDone(): Promise<void> {
    await expect(this.page.getByTestId('run-footer')).toContainText('total', { timeout: 20_000 })
  }

  async openInspector(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Inspector' }).click()
  }
}
