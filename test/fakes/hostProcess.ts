// Test side of hostMain.ts: starts the host as a child process, talks to it over its real WebSocket like the
// page does (invoke / result / events), and reads its resident memory from /proc, so tests can attack the
// process from outside and then check it is still alive and where its memory went.
import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import WebSocket from 'ws'

const ROOT = resolve(import.meta.dirname, '../..')

export interface HostProcess {
  child: ChildProcess
  origin: string
  token: string
  simulator: string
  output: () => string
  /** Resident set size in bytes (Linux). */
  rss(): number
  /** Resident set size after a full collection has run and the process has settled (1.5 s), in bytes. */
  settledRss(): Promise<number>
  /** The highest resident set size the process reached so far, in bytes (Linux's VmHWM). */
  peakRss(): number
  connect(): Promise<HostSocket>
  alive(): boolean
  kill(signal?: NodeJS.Signals): Promise<void>
}

export interface HostSocket {
  ws: WebSocket
  call<T = unknown>(
    route: string,
    payload?: unknown,
  ): Promise<{ ok: boolean; value?: T; error?: { code: string; message: string } }>
  events: { name: string; payload: unknown }[]
  waitFor(
    predicate: (e: { name: string; payload: unknown }) => boolean,
    timeoutMs?: number,
  ): Promise<{ name: string; payload: unknown }>
  close(): void
}

export async function startHostProcess(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<HostProcess> {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', join(ROOT, 'test/fakes/hostMain.ts'), dataDir],
    {
      cwd: ROOT,
      env: { ...process.env, NODE_NO_WARNINGS: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  const out: string[] = []
  child.stderr!.on('data', (c: Buffer) => out.push(c.toString()))
  const ready = await new Promise<{ origin: string; token: string; simulator: string }>(
    (resolveReady, reject) => {
      const timer = setTimeout(() => reject(new Error(`host did not start:\n${out.join('')}`)), 30_000)
      let buffered = ''
      child.stdout!.on('data', (c: Buffer) => {
        buffered += c.toString()
        const line = buffered.split('\n').find((l) => l.startsWith('{'))
        if (line) {
          clearTimeout(timer)
          resolveReady(JSON.parse(line))
        }
      })
      child.once('exit', (code) => reject(new Error(`host exited with ${code}:\n${out.join('')}`)))
    },
  )
  const host: HostProcess = {
    child,
    ...ready,
    output: () => out.join(''),
    rss() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024
    },
    async settledRss() {
      child.kill('SIGUSR2')
      await new Promise((r) => setTimeout(r, 1500))
      return host.rss()
    },
    peakRss() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
      return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) * 1024
    },
    alive: () => child.exitCode === null && child.signalCode === null,
    connect: () => connectTo(ready.origin, ready.token),
    async kill(signal = 'SIGTERM') {
      if (!host.alive()) return
      const exited = new Promise((r) => child.once('exit', r))
      child.kill(signal)
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
      if (host.alive()) child.kill('SIGKILL')
    },
  }
  return host
}

export function connectTo(origin: string, token: string): Promise<HostSocket> {
  return new Promise((resolveSocket, reject) => {
    const ws = new WebSocket(`${origin.replace('http', 'ws')}/ipc?token=${token}`, { origin, maxPayload: 0 })
    const events: { name: string; payload: unknown }[] = []
    const pending = new Map<number, (r: never) => void>()
    const waiters = new Set<{
      test: (e: { name: string; payload: unknown }) => boolean
      done: (e: { name: string; payload: unknown }) => void
    }>()
    let next = 1
    ws.on('message', (raw) => {
      const msg = JSON.parse(raw.toString()) as {
        t: string
        id?: number
        result?: never
        name?: string
        payload?: unknown
      }
      if (msg.t === 'result') pending.get(msg.id!)?.(msg.result!)
      else if (msg.t === 'event') {
        const e = { name: msg.name!, payload: msg.payload }
        events.push(e)
        for (const w of waiters) {
          if (!w.test(e)) continue
          waiters.delete(w)
          w.done(e)
        }
      }
    })
    ws.on('error', reject)
    ws.on('open', () =>
      resolveSocket({
        ws,
        events,
        call: (route, payload) =>
          new Promise((r) => {
            const id = next++
            pending.set(id, r as never)
            ws.send(JSON.stringify({ t: 'invoke', id, route, payload }))
          }),
        waitFor: (test, timeoutMs = 30_000) => {
          const found = events.find(test)
          if (found) return Promise.resolve(found)
          return new Promise((r, j) => {
            const w = { test, done: (e: { name: string; payload: unknown }) => (clearTimeout(t), r(e)) }
            const t = setTimeout(() => (waiters.delete(w), j(new Error('event did not come'))), timeoutMs)
            waiters.add(w)
          })
        },
        close: () => ws.close(),
      }),
    )
  })
}

/** A profile made over the socket as Settings makes it, with `key` as its API key and console token. */
export async function createProfile(
  socket: HostSocket,
  fields: { name: string; baseUrl: string; consoleBaseUrl?: string; resultHosts?: string[] },
  key: string,
): Promise<string> {
  const created = await socket.call<{ id: string }>('profiles.create', fields)
  if (!created.ok) throw new Error(`profiles.create: ${created.error!.message}`)
  for (const kind of ['apiKey', 'consoleToken'])
    await socket.call('profiles.setSecret', { id: created.value!.id, kind, value: key })
  return created.value!.id
}

/** Every file under a folder, at any depth (to look for what was written into a data folder). */
export function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)],
  )
}
