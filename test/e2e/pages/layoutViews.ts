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
  { name: 'compare', open: (p) => openPanel(p, 'Compare') },
  { name: 'history', open: (p) => openPanel(p, 'History') },
  { name: 'settings', open: (p) => openPanel(p, 'Settings') },
  {
    name: 'settings-new-profile',
    open: async (p) => {
      await openPanel(p, 'Settings')
      await p.getByRole('button', { name: 'New profile' }).click()
    },
  },
]
