// The Evals panel as a user reaches it: the app opened, its tab, and a dataset file picked in its import box.
import type { Page } from '@playwright/test'

export async function openEvalsWithDataset(
  page: Page,
  url: string,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  await page.goto(url)
  await page.getByRole('tab', { name: 'Evals' }).click()
  await page.getByLabel('Import dataset file').setInputFiles(file)
}
