// The keyboard across the app: shortcuts for a new conversation, the message box, the Inspector and the panels;
// the command palette (Ctrl+K or Ctrl+Shift+P: search actions, panels and conversations, arrows, Enter, Esc, focus
// back); and the `?` sheet listing every shortcut, which never opens while typing in a field.
import { expect, test } from '../fixtures'
import { TextPage } from '../pages/TextPage'

for (const width of [1024, 1920]) {
  test(`shortcuts, the command palette and the help sheet work from the keyboard alone (${width} px)`, async ({
    page,
    app,
  }) => {
    await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 })
    await page.goto(app.url)
    const text = new TextPage(page)
    await text.open()
    const box = page.getByLabel('Message', { exact: true })
    const palette = page.getByRole('dialog', { name: 'Command palette' })
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })

    // `?` typed in the message box is a character, not the help sheet.
    await box.fill('')
    await box.press('?')
    await expect(box).toHaveValue('?')
    await expect(help).toHaveCount(0)
    await box.fill('')

    // Outside a field `?` opens the sheet; it lists every shortcut; Esc closes it and the focus comes back.
    const sidebarTab = page.getByRole('tab', { name: /Text/ })
    await sidebarTab.focus()
    await page.keyboard.press('?')
    await expect(help).toBeVisible()
    for (const what of [
      'Open the command palette',
      'Send the message',
      'Stop the answer streaming',
      'New conversation',
      'Go to the message box',
      'Open the Inspector of the last request',
      'Open Settings',
    ])
      await expect(help.getByRole('cell', { name: new RegExp(what) })).toBeVisible()
    await page.screenshot({ path: test.info().outputPath(`shortcut-help-${width}.png`) })
    await page.keyboard.press('Escape')
    await expect(help).toHaveCount(0)
    await expect(sidebarTab).toBeFocused()

    // `/` goes to the message box; Ctrl+2 opens the second panel; Ctrl+, Settings; Ctrl+1 back to Text.
    await page.keyboard.press('/')
    await expect(box).toBeFocused()
    await expect(box).toHaveValue('')
    await page.keyboard.press('Control+2')
    await expect(page.getByRole('heading', { name: 'Compare', level: 1 })).toBeVisible()
    await page.keyboard.press('Control+,')
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
    await page.keyboard.press('Control+1')
    await expect(page.getByRole('heading', { name: 'Text', level: 1 })).toBeVisible()

    // A conversation to find again, then Ctrl+Shift+O starts a new one with the focus in its message box.
    await text.choose('Chat completions', 'gpt-4o-mini')
    await text.send('Tell me about lighthouses.')
    await text.waitDone()
    await expect(page.getByTestId('conversation-title')).toHaveText('Tell me about lighthouses.')
    await page.keyboard.press('Control+Shift+O')
    await expect(page.getByTestId('conversation-title')).toHaveText('New conversation')
    await expect(page.getByRole('article', { name: /turn/ })).toHaveCount(0)
    await expect(box).toBeFocused()

    // Ctrl+I opens the Inspector with the focus on its tab.
    await page.keyboard.press('Control+I')
    await expect(page.getByRole('tab', { name: 'Inspector', selected: true })).toBeFocused()

    // The palette: Ctrl+K, search a conversation by name, Enter opens it.
    await page.keyboard.press('Control+K')
    await expect(palette).toBeVisible()
    const search = palette.getByRole('combobox', { name: 'Search actions, panels and conversations' })
    await expect(search).toBeFocused()
    await expect(palette.getByRole('listbox', { name: 'Commands' })).toBeVisible()
    await expect(palette.getByRole('group', { name: 'Panels' }).getByRole('option')).toHaveCount(12)
    await search.fill('lighthouses')
    await expect(palette.getByRole('option')).toHaveCount(1)
    await expect(palette.getByRole('option', { selected: true })).toContainText('Tell me about lighthouses.')
    await page.screenshot({ path: test.info().outputPath(`palette-${width}.png`) })
    await page.keyboard.press('Enter')
    await expect(palette).toHaveCount(0)
    await expect(page.getByTestId('conversation-title')).toHaveText('Tell me about lighthouses.')
    await expect(page.getByRole('article', { name: 'assistant turn 2' })).toBeVisible()
    await expect(box).toBeFocused()

    // Ctrl+Shift+P too; arrows move the choice (wrapping), Enter opens a panel.
    await page.keyboard.press('Control+Shift+P')
    await expect(palette).toBeVisible()
    await search.fill('hist')
    const options = palette.getByRole('option')
    await expect(options.first()).toHaveText(/^History/)
    await expect(options.first()).toHaveAttribute('aria-selected', 'true')
    await expect(search).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id'))!)
    await page.keyboard.press('ArrowUp')
    await expect(options.last()).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('ArrowDown')
    await expect(options.first()).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible()

    // Esc closes the palette and puts the focus back where it was.
    await sidebarTab.focus()
    await page.keyboard.press('Control+K')
    await expect(palette).toBeVisible()
    await search.fill('zeppelin')
    await expect(palette.getByText('Nothing matches “zeppelin”.')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(palette).toHaveCount(0)
    await expect(sidebarTab).toBeFocused()

    // The palette opens the help sheet too.
    await page.keyboard.press('Control+K')
    await search.fill('keyboard')
    await page.keyboard.press('Enter')
    await expect(help).toBeVisible()
    await help.getByRole('button', { name: 'Close' }).click()
    await expect(help).toHaveCount(0)
  })
}

test('a refused shortcut says why: no new conversation while an answer streams', async ({ page, app }) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  await page.goto(app.url)
  const text = new TextPage(page)
  await text.open()
  await text.choose('Chat completions', 'gpt-4o-mini')
  await text.send('sim:tokens=6000 a long answer')
  await expect(text.answer).toContainText(/\w+/, { timeout: 20_000 })
  await page.keyboard.press('Control+Shift+O')
  await expect(page.getByRole('alert').filter({ hasText: 'An answer is streaming' })).toBeVisible()
  await page.getByRole('button', { name: 'Stop' }).click()
})
