// Page object for the History panel.
import { expect, type Locator, type Page } from '@playwright/test'

export class HistoryPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByRole('tab', { name: /History/ }).click()
    await expect(this.page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible()
  }

  get rows(): Locator {
    return this.page.getByTestId('history-row')
  }

  get status(): Locator {
    return this.page.locator('.history-status')
  }

  get detail(): Locator {
    return this.page.getByRole('region', { name: 'Run details' })
  }

  async search(text: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: 'Search' }).fill(text)
  }

  async openRow(name: RegExp | string): Promise<void> {
    await this.page.getByRole('list', { name: 'Runs' }).getByRole('button', { name }).click()
    await expect(this.detail).toBeVisible()
  }
}
