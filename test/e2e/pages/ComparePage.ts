// Page object for the Compare panel: what a person does there, in their words.
import { expect, type Locator, type Page } from '@playwright/test'
import { SettingsPage } from './SettingsPage'

export class ComparePage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByRole('tab', { name: /Compare$/ }).click()
    await expect(this.page.getByRole('heading', { name: 'Compare', level: 1 })).toBeVisible()
  }

  get columns(): Locator {
    return this.page.getByTestId('compare-column')
  }

  column(n: number): Locator {
    return this.columns.nth(n - 1)
  }

  async usePreset(model: string): Promise<void> {
    await this.page.getByLabel('Preset model', { exact: true }).fill(model)
    await this.page.getByRole('button', { name: 'One model, all four formats' }).click()
  }

  async showColumnTab(n: number, tab: 'Answer' | 'Body' | 'Inspector' | 'Code'): Promise<void> {
    await this.column(n).getByRole('tab', { name: tab }).click()
  }

  /** How many pixels of lane `n`'s mark band carry a mark's colour (the baseline and ticks are grey). */
  async laneMarkPixels(n: number): Promise<number> {
    return this.page.getByRole('img', { name: 'Frames of each column over time' }).evaluate((el, lane) => {
      const canvas = el as HTMLCanvasElement
      const ratio = canvas.width / canvas.clientWidth
      const y = Math.round((lane - 1) * 30 * ratio)
      const data = canvas.getContext('2d')!.getImageData(0, y, canvas.width, Math.round(30 * ratio)).data
      let coloured = 0
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!]
        if (a > 0 && Math.max(r, g, b) - Math.min(r, g, b) > 40) coloured++
      }
      return coloured
    }, n)
  }

  async showDifferences(view: 'Timeline' | 'Usage' | 'Body diff' | 'Answer diff'): Promise<void> {
    await this.page
      .getByRole('region', { name: 'Differences' })
      .getByRole('tablist', { name: 'Differences' })
      .getByRole('tab', { name: view })
      .click()
  }
}

/**
 * A copy of the Local simulator profile (it keeps the key) with one extra header, so every request through it
 * carries that header: `x-sim-fault` makes the simulator fail the way it names.
 */
export async function faultyProfile(page: Page, fault: string): Promise<string> {
  const settings = new SettingsPage(page)
  await settings.open()
  await settings.profileButton(/Local simulator/).click()
  await settings.card('Local simulator').getByRole('button', { name: 'Duplicate' }).click()
  const name = 'Local simulator (copy)'
  await expect(settings.card(name)).toBeVisible()
  await settings.card(name).getByRole('button', { name: 'Edit' }).click()
  const form = page.getByRole('form', { name: `Edit ${name}` })
  await form.getByRole('button', { name: 'Add header' }).click()
  await form.getByLabel('Header 1 name').fill('x-sim-fault')
  await form.getByLabel('Header 1 value').fill(fault)
  await form.getByRole('button', { name: 'Save changes' }).click()
  await expect(settings.card(name)).toContainText('x-sim-fault')
  return name
}
