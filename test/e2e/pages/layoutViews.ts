// The views the layout test checks at every size: each is a name and how a person gets there from the app just
// opened. A new panel adds itself with one line, e.g. `{ name: 'images', open: (p) => openPanel(p, 'Images') }`.
import { expect, type Page } from '@playwright/test'

export interface LayoutView {
  name: string
  open(page: Page): Promise<void>
}

/** Opens a panel from the sidebar by its name and waits for its heading. */
export async function openPanel(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name: new RegExp(`^\\W*${name}$`) }).click()
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
}

async function textFormat(page: Page, label: string): Promise<void> {
  await openPanel(page, 'Text')
  await page.getByLabel('Wire format').selectOption({ label })
  await expect(page.getByRole('complementary', { name: 'Parameters' })).toBeVisible()
}

async function imageTask(page: Page, tab: 'Batch images' | 'Photo-shoot' | 'Try-on'): Promise<void> {
  await openPanel(page, 'Images')
  await page.getByRole('tablist', { name: 'Image tasks' }).getByRole('tab', { name: tab }).click()
  await expect(
    page.getByRole('tablist', { name: 'Image tasks' }).getByRole('tab', { name: tab }),
  ).toHaveAttribute('aria-selected', 'true')
}

async function photoShoot(page: Page, mode: string): Promise<void> {
  await imageTask(page, 'Photo-shoot')
  await page.getByLabel(mode).check()
}

async function embeddingsMode(page: Page, mode: 'Embed' | 'Rerank'): Promise<void> {
  await openPanel(page, 'Embeddings')
  await page.getByRole('tablist', { name: 'Mode' }).getByRole('tab', { name: mode, exact: true }).click()
  await expect(page.getByRole('form', { name: `${mode} request` })).toBeVisible()
}

export const LAYOUT_VIEWS: readonly LayoutView[] = [
  { name: 'text-chat', open: (p) => textFormat(p, 'Chat completions') },
  { name: 'text-responses', open: (p) => textFormat(p, 'Responses') },
  { name: 'text-messages', open: (p) => textFormat(p, 'Messages') },
  { name: 'text-native', open: (p) => textFormat(p, 'Native (generateContent)') },
  {
    name: 'video-models',
    open: async (p) => {
      await openPanel(p, 'Video')
      await expect(p.getByRole('radio', { name: /^Video models/ })).toBeChecked()
    },
  },
  {
    name: 'video-console',
    open: async (p) => {
      await openPanel(p, 'Video')
      await p.getByRole('radio', { name: /^Console video/ }).check()
    },
  },
  { name: 'images-batch', open: (p) => imageTask(p, 'Batch images') },
  { name: 'images-photo-shoot-easy', open: (p) => photoShoot(p, 'Easy: text and images') },
  { name: 'images-photo-shoot-advanced', open: (p) => photoShoot(p, 'Advanced: images with masks') },
  { name: 'images-try-on', open: (p) => imageTask(p, 'Try-on') },
  { name: 'jobs-empty', open: (p) => openPanel(p, 'Jobs') },
  {
    name: 'images-batch-result',
    open: async (p) => {
      await imageTask(p, 'Batch images')
      const form = p.getByRole('form', { name: 'Batch images' })
      await form.getByLabel('Prompt', { exact: true }).fill('a red chair in a white room')
      await form.getByLabel(/Number of images/).fill('2')
      await form.getByRole('button', { name: 'Generate images' }).click()
      await expect(p.getByTestId('image-job')).toHaveAttribute('data-status', 'succeeded', {
        timeout: 30_000,
      })
    },
  },
  {
    name: 'jobs-with-a-job',
    open: async (p) => {
      await openPanel(p, 'Jobs')
      await expect(p.getByTestId('any-job')).toHaveCount(1)
    },
  },
  { name: 'embeddings-embed', open: (p) => embeddingsMode(p, 'Embed') },
  {
    name: 'embeddings-embed-result',
    open: async (p) => {
      await embeddingsMode(p, 'Embed')
      await p.getByRole('button', { name: /^Embed \d+ inputs?$/ }).click()
      await expect(p.getByTestId('projection')).toHaveAttribute('data-points', /^[1-9]/, { timeout: 20_000 })
    },
  },
  { name: 'embeddings-rerank', open: (p) => embeddingsMode(p, 'Rerank') },
  {
    name: 'embeddings-rerank-result',
    open: async (p) => {
      await embeddingsMode(p, 'Rerank')
      await p.getByRole('button', { name: /^Rerank \d+ documents?$/ }).click()
      await expect(p.getByTestId('rerank-result').first()).toBeVisible({ timeout: 20_000 })
    },
  },
  { name: 'compare', open: (p) => openPanel(p, 'Compare') },
  { name: 'history', open: (p) => openPanel(p, 'History') },
  { name: 'cases', open: (p) => openPanel(p, 'Cases') },
  { name: 'settings', open: (p) => openPanel(p, 'Settings') },
  {
    name: 'settings-new-profile',
    open: async (p) => {
      await openPanel(p, 'Settings')
      await p.getByRole('button', { name: 'New profile' }).click()
    },
  },
]
