// Nothing takes the app down (S9): browser mode in a process of its own is attacked from outside, through its
// WebSocket and through a hostile gateway, and must still answer afterwards. Each case here ended the process
// before its fix (a reset upgrade, a bad frame, a 10 MB string in a run's body or answer); the hostile-gateway
// modes must end their runs in a state the user sees; memory comes back after stopped hostile runs.
import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startHostProcess, type HostProcess, type HostSocket } from '../fakes/hostProcess'
import {
  HOSTILE_MODES,
  startHostileGateway,
  type HostileGateway,
  type HostileMode,
} from '../fakes/hostileGateway'

const KEY = `sk-canary-${Math.random().toString(36).slice(2, 14)}`
let dir: string
let host: HostProcess
let gateway: HostileGateway
let socket: HostSocket
const profiles = new Map<HostileMode, string>()

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hostile-'))
  gateway = await startHostileGateway({ maxMs: 60_000, echo: KEY })
  host = await startHostProcess(join(dir, 'data'))
  socket = await host.connect()
  for (const mode of HOSTILE_MODES) {
    const created = await socket.call<{ id: string }>('profiles.create', {
      name: `Hostile ${mode}`,
      baseUrl: gateway.url(mode),
      idleTimeoutMs: 5000,
    })
    expect(created.ok).toBe(true)
    await socket.call('profiles.setSecret', { id: created.value!.id, kind: 'apiKey', value: KEY })
    profiles.set(mode, created.value!.id)
  }
}, 60_000)

afterAll(async () => {
  socket?.close()
  await host?.kill()
  await gateway?.close()
  rmSync(dir, { recursive: true, force: true })
})

const draft = (text = 'hello') => ({
  model: 'gpt-4o',
  stream: true,
  messages: [{ role: 'user', parts: [{ type: 'text', text }] }],
})

let runs = 0
async function run(mode: HostileMode, stopAfterMs: number | null) {
  const runId = `hostile-run-${++runs}-${mode}`
  const started = await socket.call('text.startRun', {
    runId,
    profileId: profiles.get(mode),
    format: 'chat',
    draft: draft(),
  })
  expect(started.ok).toBe(true)
  if (stopAfterMs !== null) {
    await new Promise((r) => setTimeout(r, stopAfterMs))
    await socket.call('text.stopRun', { runId })
  }
  const ended = await socket.waitFor(
    (e) => e.name === 'text.runEnded' && (e.payload as { runId: string }).runId === runId,
    60_000,
  )
  return ended.payload as { status: string; error?: { message: string } }
}

async function stillServing(): Promise<void> {
  expect(host.alive()).toBe(true)
  const fresh = await host.connect()
  expect((await fresh.call('profiles.list')).ok).toBe(true)
  fresh.close()
}

describe('the browser-mode process survives', () => {
  it('upgrades reset before and after the answer, and frames it cannot accept', async () => {
    const { port } = new URL(host.origin)
    for (let i = 0; i < 40; i++) {
      await new Promise<void>((resolve) => {
        const sock = connect(Number(port), '127.0.0.1', () => {
          sock.write(
            `GET /ipc HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
              `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nOrigin: http://evil.example\r\n\r\n`,
          )
          setTimeout(() => (sock.resetAndDestroy(), resolve()), i % 4)
        })
        sock.on('error', () => resolve())
      })
    }
    for (const frame of [Buffer.from([0x22, 0xff, 0x22]), 'y'.repeat(9 * 1024 * 1024)]) {
      const attacker = new WebSocket(`${host.origin.replace('http', 'ws')}/ipc?token=${host.token}`, {
        origin: host.origin,
      })
      attacker.on('error', () => undefined)
      await new Promise((r) => attacker.on('open', r))
      const closed = new Promise<number>((r) => attacker.on('close', (code) => r(code)))
      attacker.send(frame, { binary: false })
      expect([1007, 1009]).toContain(await closed)
    }
    await stillServing()
  })

  it('a 9 MB image attachment sent to the built-in simulator, recorded and answered', async () => {
    const list = await socket.call<{ profiles: { id: string; builtIn?: boolean; readOnly?: boolean }[] }>(
      'profiles.list',
    )
    const sim = list.value!.profiles[0]!
    const size = 9 * 1024 * 1024
    const png = Buffer.alloc(size, 0x41)
    // A PNG signature and header so the import reads it as an image; the rest is 9 MB of bytes.
    Buffer.from('89504e470d0a1a0a0000000d4948445200000010000000100806000000', 'hex').copy(png)
    const begun = await socket.call<{ importId: string; chunkBytes: number }>('media.beginImport', {
      name: 'big.png',
      mimeType: 'image/png',
      size,
    })
    expect(begun.ok).toBe(true)
    const { importId, chunkBytes } = begun.value!
    for (let offset = 0; offset < size; offset += chunkBytes) {
      const data = png.subarray(offset, offset + chunkBytes).toString('base64')
      expect((await socket.call('media.importChunk', { importId, offset, data })).ok).toBe(true)
    }
    const media = await socket.call<{ ref: string }>('media.finishImport', { importId })
    expect(media.ok).toBe(true)
    const runId = 'hostile-big-attachment'
    await socket.call('text.startRun', {
      runId,
      profileId: sim.id,
      format: 'chat',
      draft: {
        model: 'gpt-4o',
        stream: true,
        messages: [
          {
            role: 'user',
            parts: [
              { type: 'text', text: 'what is this?' },
              { type: 'image', url: media.value!.ref, mimeType: 'image/png' },
            ],
          },
        ],
      },
    })
    const ended = await socket.waitFor(
      (e) => e.name === 'text.runEnded' && (e.payload as { runId: string }).runId === runId,
    )
    expect((ended.payload as { status: string }).status).toBe('done')
    expect(JSON.stringify(ended.payload).length).toBeLessThan(256 * 1024)
    const recorded = await socket.call<{ status: string }>('history.getRun', { id: runId })
    expect(recorded.value?.status).toBe('done')
    await stillServing()
  })

  it('every hostile-gateway mode ends its run in a state the user sees, and the key never reaches the page', async () => {
    const outcomes: Record<string, string> = {}
    for (const mode of HOSTILE_MODES) {
      const stopAfter =
        mode === 'endless' || mode === 'slow-trickle' || mode === 'huge-content-length' ? 1500 : null
      const ended = await run(mode, stopAfter)
      outcomes[mode] = ended.status
      expect(['done', 'error', 'aborted', 'incomplete']).toContain(ended.status)
      expect(host.alive()).toBe(true)
    }
    console.log(`hostile-gateway outcomes: ${JSON.stringify(outcomes)}`)
    expect(outcomes['endless']).toBe('aborted')
    expect(outcomes['echo-key']).toBe('done')
    for (const mode of ['line-50mb', 'gzip-bomb'] as const) {
      const ended = socket.events.find(
        (e) => e.name === 'text.runEnded' && (e.payload as { runId: string }).runId.endsWith(mode),
      )!.payload as { status: string; error?: { message: string } }
      expect(ended.status).toBe('incomplete')
      expect(ended.error?.message).toMatch(/one event was larger than 16 MB/)
    }
    expect(JSON.stringify(socket.events)).not.toContain(KEY)
    const echoed = socket.events
      .filter(
        (e) => e.name === 'text.runEvents' && (e.payload as { runId: string }).runId.endsWith('echo-key'),
      )
      .flatMap((e) => (e.payload as { events: { type: string; delta?: string }[] }).events)
      .map((e) => (e.type === 'text' ? e.delta : ''))
      .join('')
    expect(echoed).toBe('Your key is *** and again: ***.')
    await stillServing()
  }, 240_000)

  it('memory comes back within 50 MB after five stopped hostile runs', async () => {
    const settle = () => host.settledRss()
    const before = await settle()
    for (const mode of ['endless', 'line-50mb', 'gzip-bomb', 'slow-trickle', 'endless'] as const)
      await run(mode, 1500)
    const after = await settle()
    console.log(
      `resident memory before ${(before / 1048576).toFixed(0)} MB, after five stopped hostile runs ${(after / 1048576).toFixed(0)} MB`,
    )
    expect((after - before) / 1024 / 1024).toBeLessThan(50)
    await stillServing()
  }, 240_000)
})

describe('a kill mid-stream (R9)', () => {
  it('keeps the run as interrupted with what had arrived, and tells the next start', async () => {
    const data = join(dir, 'killed')
    const first = await startHostProcess(data)
    const ws = await first.connect()
    const list = await ws.call<{ profiles: { id: string }[] }>('profiles.list')
    const runId = 'killed-mid-stream'
    await ws.call('text.startRun', {
      runId,
      profileId: list.value!.profiles[0]!.id,
      format: 'messages',
      draft: {
        model: 'claude-sonnet-4-5',
        stream: true,
        maxTokens: 8000,
        messages: [{ role: 'user', parts: [{ type: 'text', text: 'sim:tokens=6000 go' }] }],
      },
    })
    await ws.waitFor((e) => e.name === 'text.runEvents')
    await new Promise((r) => setTimeout(r, 2500))
    const shown = ws.events
      .filter((e) => e.name === 'text.runEvents')
      .flatMap((e) => (e.payload as { events: { type: string; delta?: string }[] }).events)
      .map((e) => (e.type === 'text' ? e.delta : ''))
      .join('')
    await first.kill('SIGKILL')
    ws.close()

    const second = await startHostProcess(data)
    try {
      const again = await second.connect()
      const interrupted = await again.call<{ runs: { id: string; answerChars: number }[] }>(
        'history.listInterrupted',
        {},
      )
      expect(interrupted.value!.runs.map((r) => r.id)).toEqual([runId])
      const run = await again.call<{ status: string; answer: string; error: string }>('history.getRun', {
        id: runId,
      })
      expect(run.value!.status).toBe('interrupted')
      // What was kept is what the window had seen, less at most the last checkpoint's second or 64 KB.
      expect(run.value!.answer.length).toBeGreaterThan(0)
      expect(shown.startsWith(run.value!.answer.slice(0, 200))).toBe(true)
      expect(shown.length - run.value!.answer.length).toBeLessThan(64 * 1024)
      console.log(`kill mid-stream: ${shown.length} characters shown, ${run.value!.answer.length} kept`)
      expect((await again.call('history.dismissInterrupted', {})).ok).toBe(true)
      expect((await again.call<{ runs: unknown[] }>('history.listInterrupted', {})).value!.runs).toEqual([])
      again.close()
    } finally {
      await second.kill()
    }
  }, 60_000)
})

describe('a kill mid-answer of the Text conversation (R9)', () => {
  it('the answer the conversation waited for is in it after the restart, marked interrupted', async () => {
    const data = join(dir, 'killed-conversation')
    const first = await startHostProcess(data)
    const ws = await first.connect()
    const list = await ws.call<{ profiles: { id: string }[] }>('profiles.list')
    const runId = 'killed-in-conversation'
    await ws.call('text.startRun', {
      runId,
      profileId: list.value!.profiles[0]!.id,
      format: 'chat',
      draft: { model: 'gpt-4o-mini', stream: true, maxTokens: 8000, messages: [] },
      conversation: { id: 'text-panel' },
      edit: {
        type: 'add',
        turns: [{ role: 'user', parts: [{ type: 'text', text: 'sim:tokens=6000 go on' }] }],
      },
      keepAnswer: true,
    })
    await ws.waitFor((e) => e.name === 'text.runEvents')
    await new Promise((r) => setTimeout(r, 2500))
    await first.kill('SIGKILL')
    ws.close()

    const second = await startHostProcess(data)
    try {
      const again = await second.connect()
      const view = await again.call<{
        tail: { role: string; partial?: string; parts: { text?: string }[] }[]
      }>('text.openConversation', {})
      expect(view.value!.tail.map((t) => t.role)).toEqual(['user', 'assistant'])
      expect(view.value!.tail[1]!.partial).toBe('interrupted')
      const kept = view.value!.tail[1]!.parts.map((p) => p.text ?? '').join('')
      const run = await again.call<{ answer: string }>('history.getRun', { id: runId })
      // The conversation and History keep the same start of what arrived.
      expect(kept.length).toBeGreaterThan(0)
      expect(run.value!.answer.startsWith(kept.slice(0, 200))).toBe(true)
      again.close()
    } finally {
      await second.kill()
    }
  }, 60_000)
})

describe('fuzzing the WebSocket (S5, S9)', () => {
  const frame = (rand: () => number): Buffer => {
    const opcodes = [0, 1, 2, 8, 9, 10, 3, 7, 11, 15]
    const opcode = opcodes[Math.floor(rand() * opcodes.length)]!
    const fin = rand() < 0.8 ? 0x80 : 0
    const rsv = rand() < 0.1 ? 0x40 : 0
    const masked = rand() < 0.9
    const kind = rand()
    const payload =
      kind < 0.3
        ? Buffer.from(
            JSON.stringify({
              t: 'invoke',
              id: Math.floor(rand() * 1e6),
              route: 'profiles.list',
              payload: {},
            }),
          )
        : Buffer.from(Array.from({ length: Math.floor(rand() * 300) }, () => Math.floor(rand() * 256)))
    const head: number[] = [fin | rsv | opcode]
    const claim = rand() < 0.05 ? 2 ** 40 : payload.length
    if (claim < 126) head.push((masked ? 0x80 : 0) | claim)
    else if (claim < 65536) head.push((masked ? 0x80 : 0) | 126, claim >> 8, claim & 0xff)
    else {
      head.push((masked ? 0x80 : 0) | 127)
      const big = Buffer.alloc(8)
      big.writeBigUInt64BE(BigInt(claim))
      head.push(...big)
    }
    const mask = Buffer.from([rand() * 256, rand() * 256, rand() * 256, rand() * 256].map(Math.floor))
    const body = masked ? Buffer.from(payload.map((b, i) => b ^ mask[i % 4]!)) : payload
    return Buffer.concat([Buffer.from(head), masked ? mask : Buffer.alloc(0), body])
  }

  it('400 connections of random frames (opcodes, fragments, reserved bits, unmasked, lying lengths) and random invokes', async () => {
    let seed = 20261125
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff
    const { port } = new URL(host.origin)
    const started = Date.now()
    for (let i = 0; i < 400; i++) {
      await new Promise<void>((resolve) => {
        const sock = connect(Number(port), '127.0.0.1', () => {
          sock.write(
            `GET /ipc?token=${host.token} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\n` +
              `Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n` +
              `Origin: ${host.origin}\r\n\r\n`,
          )
        })
        let upgraded = false
        sock.on('data', () => {
          if (upgraded) return
          upgraded = true
          for (let k = 0; k < 1 + Math.floor(rand() * 4); k++) sock.write(frame(rand))
          setTimeout(() => (rand() < 0.5 ? sock.resetAndDestroy() : sock.end(), resolve()), 2)
        })
        sock.on('error', () => resolve())
        sock.on('close', () => resolve())
      })
    }
    // Random payloads for every route over the real socket: each answers a Result, and the process stays up.
    const ws = await host.connect()
    const routes = await routeList()
    for (const route of routes) {
      for (const payload of [
        undefined,
        null,
        0,
        'x',
        [],
        { a: 1 },
        { id: '../../etc/passwd' },
        { runId: 'x'.repeat(10_000) },
      ]) {
        const result = await ws.call(route, payload)
        expect(typeof result.ok).toBe('boolean')
      }
    }
    ws.close()
    console.log(`socket fuzz: 400 connections and ${routes.length * 8} invokes in ${Date.now() - started} ms`)
    await stillServing()
  }, 60_000)
})

async function routeList(): Promise<string[]> {
  const { commands } = await import('../../src/shared/ipc/contract')
  // Routes that act on the user's machine beyond the app's folder are left out of the blind fuzz.
  return Object.keys(commands).filter((r) => r !== 'app.openExternal')
}
