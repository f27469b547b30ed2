// Browser-mode boundaries seen from a real browser: the token gates the page and the socket, and the CSP
// is in force on the served document.
import { expect, test } from '../fixtures'

test('the page needs the per-launch token, and the CSP forbids inline script', async ({ page, app }) => {
  const bare = await page.request.get(`${app.origin}/`)
  expect(bare.status()).toBe(401)
  const response = await page.goto(app.url)
  const csp = response!.headers()['content-security-policy']!
  expect(csp).toContain("script-src 'self'")
  expect(csp).not.toContain('unsafe-inline')
  const violations: string[] = []
  page.on('console', (m) => {
    if (/Content.Security.Policy/i.test(m.text())) violations.push(m.text())
  })
  const ran = await page.evaluate(() => {
    const s = document.createElement('script')
    s.textContent = 'window.__inlineRan = true'
    document.body.appendChild(s)
    return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true
  })
  expect(ran).toBe(false)
  await expect.poll(() => violations.length).toBeGreaterThan(0)
})

test('a socket from another origin is refused', async ({ page, app }) => {
  await page.goto('about:blank')
  const token = new URL(app.url).searchParams.get('token')!
  // about:blank has an opaque origin: the server must refuse it even with the right token.
  const outcome = await page.evaluate(
    ({ origin, token }) =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(`${origin.replace('http', 'ws')}/ipc?token=${token}`)
        ws.onopen = () => resolve('open')
        ws.onerror = () => resolve('refused')
      }),
    { origin: app.origin, token },
  )
  expect(outcome).toBe('refused')
})
