// Page object for the Embeddings panel: what a person does there, in their words.
import { expect, type Locator, type Page } from '@playwright/test'

export class EmbeddingsPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByRole('tab', { name: /Embeddings/ }).click()
    await expect(this.page.getByRole('heading', { name: 'Embeddings', level: 1 })).toBeVisible()
  }

  async mode(name: 'Embed' | 'Rerank'): Promise<void> {
    await this.page.getByRole('tab', { name, exact: true }).click()
  }

  get embedForm(): Locator {
    return this.page.getByRole('form', { name: 'Embed request' })
  }

  get rerankForm(): Locator {
    return this.page.getByRole('form', { name: 'Rerank request' })
  }

  async chooseFormat(label: string): Promise<void> {
    await this.embedForm.getByLabel('Format').selectOption({ label })
  }

  input(n: number): Locator {
    return this.embedForm.getByLabel(`Input ${n}`, { exact: true })
  }

  async setInputs(texts: string[]): Promise<void> {
    await this.embedForm.getByRole('button', { name: 'Clear' }).click()
    await this.embedForm.getByRole('button', { name: 'Paste lines…' }).click()
    await this.embedForm.getByLabel('Paste inputs, one a line').fill(texts.join('\n'))
    await this.embedForm.getByRole('button', { name: 'Add lines' }).click()
    await expect(this.embedForm.getByRole('group', { name: 'Inputs' })).toContainText(`(${texts.length})`)
  }

  async embed(): Promise<void> {
    await this.embedForm.getByRole('button', { name: /^Embed \d+ inputs?$/ }).click()
  }

  heatmap(): Locator {
    return this.page.getByTestId('heatmap')
  }

  projection(): Locator {
    return this.page.getByTestId('projection')
  }

  /** Waits until the heatmap has all `n` rows and the projection `n` points. */
  async expectPictures(n: number): Promise<void> {
    await expect(this.heatmap()).toHaveAttribute('data-rows', String(n), { timeout: 20_000 })
    await expect(this.heatmap()).toHaveAttribute('data-n', String(n))
    await expect(this.projection()).toHaveAttribute('data-points', String(n))
  }
}
