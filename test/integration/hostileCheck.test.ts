// The Gateway check keeps what it judges, bounded (S9, M1): against a gateway answering 100 MB to every probe, main
// once held each probe's whole answer (2.1-2.6 GB resident). Here the check runs in browser mode in a process of its
// own, at its highest concurrency, against such a gateway: every cell ends, the ones cut say why in words, the
// process stays within a few hundred MB of where it started and comes back after.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadavg } from 'node:os'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createProfile, startHostProcess, type HostProcess, type HostSocket } from '../fakes/hostProcess'
import { startFloodingGateway, type FloodingGateway } from '../fakes/floodingGateway'

const MB = 1024 * 1024
let dir: string
let host: HostProcess
let socket: HostSocket
let gateway: FloodingGateway

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hostile-check-'))
  gateway = await startFloodingGateway(100)
  host = await startHostProcess(join(dir, 'data'))
  socket = await host.connect()
}, 60_000)

afterAll(async () => {
  socket?.close()
  await host?.kill()
  await gateway?.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Runs one check of gpt-4o's probes at the highest concurrency; answers its cells and the peak memory. */
async function flooded(profileId: string, checkId: string) {
  let peak = host.rss()
  const watch = setInterval(() => (peak = Math.max(peak, host.rss())), 50)
  const started = await socket.call<{ plan: unknown[] }>('check.start', {
    checkId,
    profileId,
    models: ['gpt-4o'],
    include: [],
    concurrency: 8,
  })
  expect(started.ok).toBe(true)
  const ended = await socket.waitFor(
    (e) => e.name === 'check.ended' && (e.payload as { checkId: string }).checkId === checkId,
    180_000,
  )
  clearInterval(watch)
  expect((ended.payload as { error: string | null }).error).toBeNull()
  const cells = socket.events
    .filter((e) => e.name === 'check.cell' && (e.payload as { checkId: string }).checkId === checkId)
    .map((e) => (e.payload as { cell: { status: string; detail: string } }).cell)
  expect(cells).toHaveLength(started.value!.plan.length)
  return { cells, peak }
}

it('a check against a gateway answering 100 MB to every probe ends every cell and keeps main bounded', async () => {
  const profileId = await createProfile(
    socket,
    { name: 'Flooding', baseUrl: gateway.url },
    'sk-flood-0123456789',
  )
  const before = await host.settledRss()
  const checks: { cells: { status: string; detail: string }[]; peak: number; after: number }[] = []
  for (const n of [1, 2, 3]) {
    const check = await flooded(profileId, `flooded-${n}`)
    checks.push({ ...check, after: await host.settledRss() })
  }
  console.log(
    `${gateway.requests()} probes answered 100 MB each; host memory ${Math.round(before / MB)} MB, then for ` +
      `each of three checks peak → after: ${checks.map((c) => `${Math.round(c.peak / MB)} → ${Math.round(c.after / MB)}`).join(', ')} MB; ` +
      `load ${loadavg()[0]!.toFixed(1)}`,
  )
  expect(gateway.requests()).toBeGreaterThan(20)
  for (const { cells } of checks) {
    // Each probe was cut at its bound and said so, never judged on a part as if whole.
    expect(cells.filter((c) => /was not read further/.test(c.detail)).length).toBeGreaterThan(0)
    for (const c of cells) expect(c.status).not.toBe('supported')
  }
  // Eight probes at once, each holding at most its bound (2 MB, 10,000 events) and its Inspector record.
  expect((Math.max(...checks.map((c) => c.peak)) - before) / MB).toBeLessThan(400)
  // What stays is what the Inspector keeps of recent exchanges (64 M characters in all, full by the second check):
  // a third check adds nothing to it.
  expect((checks[2]!.after - checks[1]!.after) / MB).toBeLessThan(50)
  expect((await socket.call('profiles.list')).ok).toBe(true)
}, 300_000)
