import { afterEach, describe, expect, it } from 'vitest'
import { ErrorBanner } from './ErrorBanner'
import { mount, type Mounted } from '../../../test/renderForTest'

let view: Mounted | undefined
afterEach(() => {
  view?.unmount()
  view = undefined
})

describe('ErrorBanner', () => {
  it('renders nothing without a message', () => {
    view = mount(
      <div>
        <ErrorBanner>{null}</ErrorBanner>
        <ErrorBanner>{''}</ErrorBanner>
        <ErrorBanner>{false}</ErrorBanner>
      </div>,
    )
    expect(view.container.querySelector('.error-banner')).toBeNull()
  })

  it('announces a failure with what failed before the message', () => {
    view = mount(<ErrorBanner what="Could not load profiles">HTTP 500</ErrorBanner>)
    const banner = view.container.querySelector('.error-banner')!
    expect(banner.getAttribute('role')).toBe('alert')
    expect(banner.textContent).toBe('Could not load profiles: HTTP 500')
  })

  it('a quiet banner (a preview that follows typing) looks the same but is not an alert', () => {
    view = mount(
      <ErrorBanner quiet className="small">
        messages: add a message
      </ErrorBanner>,
    )
    const banner = view.container.querySelector('p')!
    expect(banner.className).toBe('error-banner small')
    expect(banner.hasAttribute('role')).toBe(false)
  })
})
