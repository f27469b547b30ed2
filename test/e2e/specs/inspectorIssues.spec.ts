// The Inspector's preview of the next request says nothing is wrong before the user has acted: a fresh Text panel
// or Compare column has no message yet, and "messages must not be empty" is not news then. A real Send (Run all)
// of an empty message names the field and the rule there, as the form's own banner does.
import { expect, test } from '../fixtures'
import { ComparePage } from '../pages/ComparePage'
import { TextPage } from '../pages/TextPage'

for (const width of [1024, 1920]) {
  test(`the Inspector shows no error for the next request before the user acted (${width} px)`, async ({
    page,
    app,
  }) => {
    await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 })
    await page.goto(app.url)
    const text = new TextPage(page)
    await text.open()
    await text.openInspector()
    const inspector = page.getByRole('region', { name: 'Request' })
    await expect(inspector.getByText('This is what the next run would send.')).toBeVisible()
    await expect(inspector.getByRole('list', { name: 'Problems to fix before sending' })).toHaveCount(0)
    await expect(inspector.getByText('must not be empty')).toHaveCount(0)
    await page.screenshot({ path: test.info().outputPath(`inspector-fresh-${width}.png`) })

    // Send with nothing written: the form says why, and so does the Inspector, naming the field.
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(page.getByRole('alert', { name: 'Cannot send' })).toContainText(
      'Message: write a message first',
    )
    const problems = inspector.getByRole('list', { name: 'Problems to fix before sending' })
    await expect(problems).toContainText('messages')
    await expect(problems).toContainText('must not be empty')
    await page.screenshot({ path: test.info().outputPath(`inspector-after-send-${width}.png`) })

    // A new conversation starts fresh: nothing said before the user acts there.
    await page.getByRole('button', { name: 'New conversation' }).click()
    await expect(page.getByRole('alert', { name: 'Cannot send' })).toHaveCount(0)
    await text.openInspector()
    await expect(inspector.getByText('This is what the next run would send.')).toBeVisible()
    await expect(inspector.getByRole('list', { name: 'Problems to fix before sending' })).toHaveCount(0)

    // Compare: a column's Inspector before anything was run has no error either.
    const compare = new ComparePage(page)
    await compare.open()
    await compare.usePreset('gpt-4o-mini')
    await compare.showColumnTab(1, 'Inspector')
    const column = compare.column(1)
    await expect(column.getByText('This is what the next run would send.')).toBeVisible()
    await expect(column.getByRole('list', { name: 'Problems to fix before sending' })).toHaveCount(0)
    await page.getByRole('button', { name: 'Run all' }).click()
    await expect(page.getByRole('alert', { name: 'Cannot run' })).toBeVisible()
    await expect(column.getByRole('list', { name: 'Problems to fix before sending' })).toContainText(
      'must not be empty',
    )
  })
}
