// Page object for the Cases panel and the Save as case form.
import { expect, type Locator, type Page } from '@playwright/test'

export class CasesPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByRole('tab', { name: /Cases/ }).click()
    await expect(this.page.getByRole('heading', { name: 'Cases', level: 1 })).toBeVisible()
  }

  get saveForm(): Locator {
    return this.page.getByRole('form', { name: 'Save as case' })
  }

  assertion(n: number): Locator {
    return this.saveForm.getByRole('group', { name: `Assertion ${n}` })
  }

  /** Saves the Text panel's finished answer as a case (its answer must contain `text`) in a new suite; opens it. */
  async saveAnswerToNewSuite(text: string, suite: string): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Save as case' }).click()
    await this.assertion(1).getByLabel('Text').fill(text)
    await this.saveForm.getByLabel('New suite name').fill(suite)
    await this.saveForm.getByRole('button', { name: 'Save case' }).click()
    await this.saveForm.getByRole('button', { name: 'Open in Cases' }).click()
    return this.page.getByRole('region', { name: `Suite ${suite}` })
  }

  async addAssertion(kind: string): Promise<void> {
    await this.saveForm.getByLabel('Assertion kind').selectOption({ label: kind })
    await this.saveForm.getByRole('button', { name: 'Add assertion' }).click()
  }

  get cells(): Locator {
    return this.page.getByTestId('matrix-cell')
  }

  get summary(): Locator {
    return this.page.getByTestId('matrix-summary')
  }

  get cellDetail(): Locator {
    return this.page.getByRole('region', { name: 'Cell details' })
  }
}
