// Test-only helpers: mount a React tree into happy-dom under `act`, and drive it the way a user would
// (clicks, typing, keys, scrolling). Also a recording clipboard, since happy-dom's refuses without permission.
import { act, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true

export interface Mounted {
  container: HTMLDivElement
  rerender(node: ReactNode): void
  unmount(): void
}

export function mount(node: ReactNode): Mounted {
  const container = document.createElement('div')
  document.body.appendChild(container)
  let root: Root | null = createRoot(container)
  act(() => root!.render(node))
  return {
    container,
    rerender: (next) => act(() => root!.render(next)),
    unmount: () => {
      if (!root) return
      act(() => root!.unmount())
      root = null
      container.remove()
    },
  }
}

/** Resolves pending promises (callbacks the component awaits) inside act. */
export async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve()
  })
}

export async function click(el: Element | null | undefined): Promise<void> {
  if (!el) throw new Error('nothing to click')
  await act(async () => {
    ;(el as HTMLElement).click()
  })
  await settle()
}

export function typeInto(input: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
  act(() => {
    setter.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

export function press(el: Element, key: string): void {
  act(() => {
    el.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }))
  })
}

export function scrollTo(el: HTMLElement, top: number): void {
  act(() => {
    el.scrollTop = top
    el.dispatchEvent(new Event('scroll', { bubbles: false }))
  })
}

export function byRole(root: ParentNode, role: string, name?: string | RegExp): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(`[role="${role}"]`)].filter(
    (el) => name === undefined || matches(accessibleName(el), name),
  )
}

export function button(root: ParentNode, name: string | RegExp): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find((b) => matches(accessibleName(b), name))
  if (!found) throw new Error(`no button named ${String(name)}`)
  return found
}

function accessibleName(el: Element): string {
  return (el.getAttribute('aria-label') ?? el.textContent ?? '').trim()
}

function matches(text: string, name: string | RegExp): boolean {
  return typeof name === 'string' ? text === name : name.test(text)
}

/** Replaces navigator.clipboard with one that records what was written (or refuses, when told to). */
export function recordClipboard(options: { refuse?: boolean } = {}): string[] {
  const written: string[] = []
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: async (text: string) => {
        if (options.refuse) throw new Error('denied')
        written.push(text)
      },
    },
  })
  return written
}
