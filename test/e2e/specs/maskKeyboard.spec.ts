// The mask painter without a mouse: the canvas takes focus, names its keys, moves a cursor with the arrow keys and
// paints with Space; the mask saved from keys alone is a PNG of the image's size with a white (painted) area.
import { expect, test } from '../fixtures'
import { ImagesPage, pngFile } from '../pages/ImagesPage'

test('a mask is painted with the keyboard only and used', async ({ page, app }) => {
  for (const width of [1024, 1920]) {
    await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 })
    await page.goto(app.url)
    const images = new ImagesPage(page)
    await images.open()
    await images.openTab('Photo-shoot')
    const form = images.form('Photo-shoot')
    await form.getByLabel('Advanced: images with masks').check()
    await images.upload(form, 'Product image', pngFile('product.png', 200, 150))
    await form.getByRole('button', { name: 'Paint the product mask' }).focus()
    await page.keyboard.press('Enter')
    const canvas = form.getByTestId('mask-canvas')
    await expect(canvas).toBeFocused()
    await expect(canvas).toHaveAccessibleDescription(/arrow keys move the cursor.*Space/)
    const white = () =>
      canvas.evaluate((c: HTMLCanvasElement) => {
        const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data
        let n = 0
        for (let i = 0; i < d.length; i += 4) if (d[i]! > 200) n++
        return n
      })
    expect(await white()).toBe(0)
    await page.keyboard.press('Space')
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowRight')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Space')
    await expect(
      form.getByRole('status').filter({ hasText: /Brush up, cursor at \d+% across/ }),
    ).toBeVisible()
    const painted = await white()
    expect(painted).toBeGreaterThan(500)
    // Lifted: moving paints nothing more.
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('ArrowUp')
    expect(await white()).toBe(painted)
    await page.screenshot({ path: test.info().outputPath(`mask-keyboard-${width}.png`), fullPage: true })
    await page.keyboard.press('Tab')
    const tabs = [] as string[]
    for (let i = 0; i < 12 && tabs.at(-1) !== 'Use this mask'; i++) {
      tabs.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''))
      if (tabs.at(-1) !== 'Use this mask') await page.keyboard.press('Tab')
    }
    expect(tabs.at(-1)).toBe('Use this mask')
    await page.keyboard.press('Enter')
    await expect(form.getByRole('group', { name: 'Product mask', exact: true })).toContainText('200×150 PNG')
    await expect(form.getByRole('button', { name: 'Paint the product mask' })).toBeFocused()
  }
})
