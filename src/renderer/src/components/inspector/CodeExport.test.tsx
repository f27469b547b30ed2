import { afterEach, describe, expect, it } from 'vitest'
import { CodeExport } from './CodeExport'
import { button, byRole, click, mount, press, recordClipboard, type Mounted } from '../../../test/renderForTest'

let view: Mounted | undefined
afterEach(() => {
  view?.unmount()
  view = undefined
})

const code = {
  curl: `curl https://gw.example.com/v1/chat/completions -H 'Authorization: Bearer '"$GATEWAY_API_KEY"`,
  typescript: "await fetch('https://gw.example.com/v1/chat/completions', { method: 'POST' })",
  python: 'import httpx\nhttpx.post("https://gw.example.com/v1/chat/completions")',
}

const tabs = () => byRole(view!.container, 'tab')
const selected = () => tabs().find((t) => t.getAttribute('aria-selected') === 'true')!
const block = () => view!.container.querySelector('pre')!

describe('CodeExport', () => {
  it('shows curl first, and each language in its tab', async () => {
    view = mount(<CodeExport code={code} />)
    expect(byRole(view.container, 'tablist', 'Code export')).toHaveLength(1)
    expect(tabs().map((t) => t.textContent)).toEqual(['curl', 'TypeScript', 'Python'])
    expect(block().textContent).toBe(code.curl)
    await click(tabs()[2])
    expect(block().textContent).toBe(code.python)
    expect(block().getAttribute('data-language')).toBe('python')
  })

  it('switches language with the arrow keys', () => {
    view = mount(<CodeExport code={code} />)
    press(selected(), 'ArrowRight')
    expect(selected().textContent).toBe('TypeScript')
    expect(document.activeElement).toBe(selected())
    expect(block().textContent).toBe(code.typescript)
    press(selected(), 'ArrowLeft')
    press(selected(), 'ArrowLeft')
    expect(selected().textContent).toBe('Python')
  })

  it('copies the snippet of the selected language', async () => {
    const copied = recordClipboard()
    view = mount(<CodeExport code={code} />)
    await click(tabs()[1])
    await click(button(view.container, 'Copy TypeScript code'))
    expect(copied).toEqual([code.typescript])
  })

  it('says the key is read from GATEWAY_API_KEY, or from the variable it is given', () => {
    view = mount(<CodeExport code={code} />)
    expect(view.container.textContent).toContain(
      'The key is read from the GATEWAY_API_KEY environment variable',
    )
    view.rerender(<CodeExport code={code} envVar="VIDEO_KEY" />)
    expect(view.container.textContent).toContain('read from the VIDEO_KEY environment variable')
  })
})
