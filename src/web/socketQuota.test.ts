// SocketQuota over a real WebSocket on loopback, with small limits so each bound is reached in milliseconds.
import type { AddressInfo } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import WebSocket, { WebSocketServer } from 'ws'
import { SocketQuota } from './socketQuota'

const open: { close(): void }[] = []
afterEach(() => {
  for (const o of open.splice(0)) o.close()
})

/** A server whose first socket gets a quota with `limits`; answers that socket's quota, the client and the log. */
async function pair(limits: ConstructorParameters<typeof SocketQuota>[2]) {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' })
  open.push(wss)
  await new Promise((r) => wss.once('listening', r))
  const reasons: string[] = []
  const quota = new Promise<SocketQuota>((resolve) =>
    wss.once('connection', (ws) => resolve(new SocketQuota(ws, (reason) => reasons.push(reason), limits))),
  )
  const client = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`)
  open.push({ close: () => client.terminate() })
  await new Promise((r) => client.once('open', r))
  return { quota: await quota, client, reasons }
}

const limits = { maxInFlight: 2, pauseBytes: 64 * 1024, closeBytes: 1024 * 1024, stallMs: 400 }

it('closes a socket whose reader holds more than its bound, naming why, and sends it nothing more', async () => {
  const { quota, client, reasons } = await pair(limits)
  client.pause()
  const closed = new Promise((r) => client.once('close', r))
  const chunk = 'x'.repeat(64 * 1024)
  for (let i = 0; i < 200 && quota.open; i++) quota.send(chunk)
  expect(quota.open).toBe(false)
  expect(reasons).toEqual(['the page did not read its messages (over 1 MB waited)'])
  // A page that reads nothing cannot see the end either; once it reads, the socket is gone.
  client.resume()
  await closed
})

it('closes a reader that stays behind longer than the stall time, and only then', async () => {
  const { quota, client, reasons } = await pair({ ...limits, closeBytes: 512 * 1024 * 1024 })
  client.pause()
  // Enough to fill the kernel's buffers on both ends and leave more than pauseBytes waiting in the process.
  for (let i = 0; i < 200; i++) quota.send('y'.repeat(64 * 1024))
  expect(quota.open).toBe(true)
  await new Promise((r) => setTimeout(r, 700))
  expect(quota.open).toBe(false)
  expect(reasons).toEqual(['the page did not read its messages for 0.4 s'])
})

it('sends one answer larger than the bound whole to a reader that reads, and leaves the socket open', async () => {
  const { quota, client, reasons } = await pair(limits)
  const got = new Promise<number>((r) => client.once('message', (m) => r((m as Buffer).length)))
  quota.send('z'.repeat(3 * 1024 * 1024))
  expect(await got).toBe(3 * 1024 * 1024)
  expect(quota.open).toBe(true)
  expect(reasons).toEqual([])
})

it('runs at most maxInFlight calls at once and the rest in order as earlier ones end', async () => {
  const { quota } = await pair(limits)
  const started: number[] = []
  const finish: (() => void)[] = []
  for (let i = 0; i < 5; i++)
    quota.take(() => {
      started.push(i)
      return new Promise<void>((r) => finish.push(r))
    }, 10)
  expect(started).toEqual([0, 1])
  finish[0]!()
  await new Promise((r) => setTimeout(r, 10))
  expect(started).toEqual([0, 1, 2])
  finish[1]!()
  finish[2]!()
  await new Promise((r) => setTimeout(r, 10))
  expect(started).toEqual([0, 1, 2, 3, 4])
})
