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
