import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ProfileEditor } from './ProfileEditor'
import type { ProfileFieldsInput } from '../../../../shared/ipc/profiles'

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true

let container: HTMLDivElement
let root: Root

beforeEach(() => {
  container = document.createElement('div')
  document.body.appendChild(container)
  root = createRoot(container)
})
afterEach(() => {
  act(() => root.unmount())
  container.remove()
})

function type(label: string, value: string) {
  const input = [...container.querySelectorAll('label')]
    .find((l) => l.textContent?.startsWith(label))!
    .querySelector('input')!
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
  act(() => {
    setter.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
  return input
}

const submit = async () => {
  await act(async () => {
    container.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
  })
}

describe('ProfileEditor', () => {
  it('names the field and the rule, keeps the input, and sends nothing when invalid', async () => {
    const saved: ProfileFieldsInput[] = []
    act(() =>
      root.render(
        <ProfileEditor initial={null} onSave={async (f) => void saved.push(f)} onCancel={() => undefined} />,
      ),
    )
    type('Name', 'Staging')
    const url = type('Base URL', 'http://user:secret@gw.example.com')
    await submit()
    expect(saved).toHaveLength(0)
    expect(container.textContent).toContain('must not contain credentials')
    expect(url.getAttribute('aria-invalid')).toBe('true')
    expect(url.value).toBe('http://user:secret@gw.example.com')
    // The focus goes to the field at fault, not left on the button that was pressed.
    expect(document.activeElement).toBe(url)
  })

  it('says the rule of each number field in words, never the validator text', async () => {
    const saved: ProfileFieldsInput[] = []
    act(() =>
      root.render(
        <ProfileEditor initial={null} onSave={async (f) => void saved.push(f)} onCancel={() => undefined} />,
      ),
    )
    type('Name', 'Dead port')
    type('Base URL', 'http://127.0.0.1:9')
    type('First byte timeout', '1.5e')
    type('Connect timeout', 'abc')
    type('Retries', '-1')
    await submit()
    expect(saved).toHaveLength(0)
    const text = container.textContent!
    expect(text).toContain('the first byte timeout is a number of seconds, 1 to 600')
    expect(text).toContain('the connect timeout is a number of seconds, 0.5 to 120')
    expect(text).toContain('retries are a whole number, 0 to 10')
    expect(text).not.toMatch(/NaN|Invalid input|expected number/)
  })

  it('sends valid fields with timeouts in milliseconds', async () => {
    const saved: ProfileFieldsInput[] = []
    act(() =>
      root.render(
        <ProfileEditor initial={null} onSave={async (f) => void saved.push(f)} onCancel={() => undefined} />,
      ),
    )
    type('Name', 'Staging')
    type('Base URL', 'https://gw.example.com')
    type('First byte timeout', '30')
    await submit()
    expect(saved).toEqual([
      expect.objectContaining({
        name: 'Staging',
        baseUrl: 'https://gw.example.com',
        timeoutMs: 30_000,
        idleTimeoutMs: null,
      }),
    ])
  })

  it('shows the error main returns and keeps the form', async () => {
    act(() =>
      root.render(
        <ProfileEditor
          initial={null}
          onSave={async () => {
            throw new Error('disk full')
          }}
          onCancel={() => undefined}
        />,
      ),
    )
    type('Name', 'X')
    type('Base URL', 'https://gw.example.com')
    await submit()
    expect(container.querySelector('[role=alert]')?.textContent).toBe('disk full')
    expect((container.querySelector('input') as HTMLInputElement).value).toBe('X')
  })
})
