// `npm run bench -- hostile`: the attack table. Browser mode runs in a process of its own and is attacked from
// outside, class by class (its WebSocket, hostile gateway streams, a conversation that grows, a socket that floods
// and never reads, a gateway check against 100 MB answers); for each class it prints the cases tried, what came of
// them, and the host's resident memory before (after a full collection), at its peak and after (collected again),
// with the load average beside the figures. It ends by checking the host still answers. Takes about two minutes.
import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import { createProfile, startHostProcess, type HostProcess, type HostSocket } from '../test/fakes/hostProcess'
import { HOSTILE_MODES, startHostileGateway } from '../test/fakes/hostileGateway'
import { startFloodingGateway } from '../test/fakes/floodingGateway'
import { floodWhileWorking, pacedProfile, percentile } from '../test/fakes/socketFlood'
import { TURNS_PIECE_CHARS } from '../src/shared/ipc/text'
import { loadLine, machineLine } from './machine'

const MB = 1024 * 1024
const KEY = `sk-bench-${Math.random().toString(36).slice(2, 12)}`
console.log(`${machineLine()}; ${loadLine()}`)
const dir = mkdtempSync(join(tmpdir(), 'hostile-bench-'))
const host: HostProcess = await startHostProcess(join(dir, 'data'))
const socket: HostSocket = await host.connect()
const rows: { name: string; cases: string; outcome: string; before: number; peak: number; after: number }[] =
  []

/** Runs one class of attack, sampling the host's memory every 50 ms meanwhile. */
async function attack(name: string, cases: string, run: () => Promise<string>): Promise<void> {
  const before = await host.settledRss()
  let peak = before
  const watch = setInterval(() => {
    if (host.alive()) peak = Math.max(peak, host.rss())
  }, 50)
  let outcome: string
  try {
    outcome = await run()
  } catch (error) {
    outcome = `the attack itself failed: ${(error as Error).message}`
  }
  clearInterval(watch)
  const after = host.alive() ? await host.settledRss() : Number.NaN
  if (!host.alive()) outcome += '; THE HOST ENDED'
  rows.push({ name, cases, outcome, before, peak, after })
  console.log(`${name}: ${outcome} (${mb(before)} → ${mb(peak)} → ${mb(after)} MB)`)
}

const mb = (bytes: number) => (Number.isNaN(bytes) ? '—' : String(Math.round(bytes / MB)))
const url = () => `${host.origin.replace('http', 'ws')}/ipc?token=${host.token}`

/** Opens a socket, sends `frame`, and answers how the host closed it. */
function closeCodeFor(frame: string | Buffer, binary = false): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url(), { origin: host.origin })
    ws.on('error', () => undefined)
    ws.on('open', () => ws.send(frame, { binary }))
    ws.on('close', (code) => resolve(code))
    setTimeout(() => (ws.terminate(), resolve(0)), 10_000)
  })
}

await attack(
  'WebSocket frames',
  '20 resets before and after the upgrade, a binary frame, invalid UTF-8, 200 KB of nesting, a 9 MB frame, 1,000 garbage texts',
  async () => {
    for (let i = 0; i < 20; i++) {
      const raw = connect(Number(new URL(host.origin).port), '127.0.0.1')
      raw.on('error', () => undefined)
      await new Promise((r) => raw.once('connect', r))
      raw.write(
        `GET /ipc?token=${host.token} HTTP/1.1\r\nHost: ${new URL(host.origin).host}\r\nOrigin: ${host.origin}\r\n` +
          'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n' +
          'Sec-WebSocket-Version: 13\r\n\r\n',
      )
      if (i % 2) await new Promise((r) => setTimeout(r, 20))
      raw.resetAndDestroy()
    }
    const codes = [
      await closeCodeFor(Buffer.from([1, 2, 3]), true),
      await closeCodeFor(Buffer.from([0x7b, 0xff, 0xfe, 0x7d])),
      await closeCodeFor(
        `{"t":"invoke","id":1,"route":"profiles.list","payload":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
      ),
      await closeCodeFor('x'.repeat(9 * MB)),
    ]
    const garbage = await host.connect()
    for (let i = 0; i < 1000; i++) garbage.ws.send(i % 2 ? `{"t":"invoke","id":"${i}"}` : `{"t":${i}}`)
    const still = await garbage.call('profiles.list')
    garbage.close()
    return `closed with ${codes.join(', ')}; garbage ignored, the socket still answers (${still.ok})`
  },
)

const hostile = await startHostileGateway({ maxMs: 30_000, echo: KEY })
await attack(
  'Hostile gateway streams',
  `${HOSTILE_MODES.join(', ')}: one run each, stopped after 1.5 s if still going`,
  async () => {
    const ends: string[] = []
    for (const mode of HOSTILE_MODES) {
      const profileId = await createProfile(
        socket,
        { name: `Hostile ${mode}`, baseUrl: hostile.url(mode) },
        KEY,
      )
      const runId = `bench-${mode}`
      await socket.call('text.startRun', {
        runId,
        profileId,
        format: 'chat',
        draft: {
          model: 'gpt-4o',
          stream: true,
          messages: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }],
        },
      })
      const ended = socket.waitFor(
        (e) => e.name === 'text.runEnded' && (e.payload as { runId: string }).runId === runId,
        60_000,
      )
      const first = await Promise.race([ended, new Promise((r) => setTimeout(r, 1500))])
      if (!first) await socket.call('text.stopRun', { runId })
      ends.push(`${mode} ${((await ended).payload as { status: string }).status}`)
    }
    const echoed = JSON.stringify(socket.events).includes(KEY)
    return `${ends.join(', ')}; the key on the page ${echoed ? 'SHOWN' : '0 times'}`
  },
)
await hostile.close()

await attack(
  'A conversation that grows',
  'uploads of 40 MB turns kept one on top of another, 4 times',
  async () => {
    const json = JSON.stringify([{ role: 'user', parts: [{ type: 'text', text: 'x'.repeat(40 * MB) }] }])
    const results: string[] = []
    let revision = 0
    for (let upload = 0; upload < 4; upload++) {
      let result: { ok: boolean; value?: { revision: number }; error?: { code: string } } = { ok: false }
      for (let at = 0; ; at += TURNS_PIECE_CHARS) {
        const done = at + TURNS_PIECE_CHARS >= json.length
        result = await socket.call<{ revision: number }>('text.putTurns', {
          conversationId: 'bench-grows',
          baseRevision: revision,
          keep: revision === 0 ? 0 : 1,
          piece: json.slice(at, at + TURNS_PIECE_CHARS),
          done,
        })
        if (done || !result.ok) break
      }
      if (result.ok) revision = result.value!.revision
      results.push(result.ok ? 'kept' : result.error!.code)
    }
    return results.join(', ')
  },
)

await attack(
  'A socket that floods and never reads',
  'invokes of about 200 KB answers sent as fast as the host takes them for up to 14 s, a status call every 25 ms and a 400 tokens/s stream on other sockets',
  async () => {
    const observer = await host.connect()
    const streamer = await host.connect()
    const profileId = await pacedProfile(observer, 400)
    const flood = await floodWhileWorking(host, observer, streamer, profileId, {
      floodMs: 14_000,
      streamTokens: 2000,
      streamTps: 400,
    })
    observer.close()
    streamer.close()
    const reason = /closed: (the page did not read[^\n]*)/.exec(host.output())?.[1]
    return (
      `${flood.sent} invokes; flooding socket closed after ${Math.round(flood.closed?.afterMs ?? 0)} ms ` +
      `("${reason ?? 'no reason logged'}"); status p95 ${percentile(flood.statusMs, 95).toFixed(0)} ms, ` +
      `max ${Math.max(...flood.statusMs).toFixed(0)} ms; stream ${flood.stream.status} in ` +
      `${Math.round(flood.stream.ms)} ms, ${flood.stream.messages} messages`
    )
  },
)

const flooding = await startFloodingGateway(100)
await attack(
  'Gateway check against 100 MB answers',
  "gpt-4o's probes at concurrency 8, every answer 100 MB (JSON bodies and streams of small events)",
  async () => {
    const profileId = await createProfile(socket, { name: 'Flooding', baseUrl: flooding.url }, KEY)
    await socket.call('check.start', {
      checkId: 'bench-check',
      profileId,
      models: ['gpt-4o'],
      include: [],
      concurrency: 8,
    })
    await socket.waitFor(
      (e) => e.name === 'check.ended' && (e.payload as { checkId: string }).checkId === 'bench-check',
      300_000,
    )
    const cells = socket.events
      .filter((e) => e.name === 'check.cell')
      .map((e) => (e.payload as { cell: { detail: string } }).cell)
    const cut = cells.filter((c) => /was not read further/.test(c.detail)).length
    return `${flooding.requests()} probes, ${cells.length} cells ended, ${cut} of them cut at their bound in words`
  },
)
await flooding.close()

const fresh = await host.connect()
const alive = host.alive() && (await fresh.call('profiles.list')).ok
fresh.close()
console.log(`\n${machineLine()}; ${loadLine()}`)
console.log('| class | cases tried | outcome | RSS before → peak → after (MB) |')
console.log('| --- | --- | --- | --- |')
for (const r of rows)
  console.log(`| ${r.name} | ${r.cases} | ${r.outcome} | ${mb(r.before)} → ${mb(r.peak)} → ${mb(r.after)} |`)
console.log(
  `\nhost still answering: ${alive}; resident memory ${mb(rows[0]!.before)} MB at the start, highest ` +
    `${mb(Math.max(...rows.map((r) => r.peak)))} MB, ${mb(rows[rows.length - 1]!.after)} MB at the end` +
    ` (${
      host
        .output()
        .match(/memory after collection: .*/g)
        ?.pop() ?? ''
    })`,
)
socket.close()
await host.kill()
rmSync(dir, { recursive: true, force: true })
process.exit(alive ? 0 : 1)
