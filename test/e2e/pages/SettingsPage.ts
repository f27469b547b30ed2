// Page object for the Settings panel: what a person does there, in their words.
import { expect, type Locator, type Page } from '@playwright/test'

export class SettingsPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByRole('tab', { name: /Settings/ }).click()
    await expect(this.page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  }

  profileButton(name: string | RegExp): Locator {
    return this.page.getByRole('navigation', { name: 'Profiles' }).getByRole('button', { name })
  }

  async createProfile(fields: { name: string; baseUrl: string; consoleBaseUrl?: string }): Promise<void> {
    await this.page.getByRole('button', { name: 'New profile' }).click()
    const form = this.page.getByRole('form', { name: 'New profile' })
    await form.getByLabel('Name', { exact: true }).fill(fields.name)
    await form.getByLabel('Base URL (model endpoints)').fill(fields.baseUrl)
    if (fields.consoleBaseUrl) await form.getByLabel(/Console base URL/).fill(fields.consoleBaseUrl)
    await form.getByRole('button', { name: 'Create profile' }).click()
  }

  card(name: string): Locator {
    return this.page.getByRole('article', { name: `Profile ${name}` })
  }

  async saveApiKey(profile: string, key: string): Promise<void> {
    const card = this.card(profile)
    const input = card.getByLabel('API key (write only)')
    await input.fill(key)
    await card.getByRole('button', { name: 'Save API key' }).click()
    // Saved once main has it: the field clears and the card says the key is configured.
    await expect(input).toHaveValue('')
    await expect(card.getByTestId('secret-status-API key')).toContainText('Configured')
  }

  get defaults(): Locator {
    return this.page.getByRole('form', { name: 'Text defaults' })
  }

  async chooseTheme(theme: 'System' | 'Light' | 'Dark'): Promise<void> {
    await this.page.getByRole('group', { name: 'Theme' }).getByLabel(theme).check()
  }
}
