// One browser-mode socket that floods main with invokes and never reads an answer, while other sockets go on with
// their work: a status call every 25 ms and a text run streaming at a fixed pace. Shared by the process-level
// fairness test and `npm run bench -- socket-flood`, which print what it measures: the status calls' latencies,
// the stream's duration and messages, how the flooding socket ended, and the host's memory.
import WebSocket from 'ws'
import type { HostProcess, HostSocket } from './hostProcess'

export interface FloodOptions {
  /** How long the flood lasts, ms. */
  floodMs: number
  /** Tokens of the streamed run, and its pace (tokens/s, the simulator's `tps` fault). */
  streamTokens: number
  streamTps: number
}

export interface StreamPace {
  ms: number
  /** `text.runEvents` messages received. */
  messages: number
  status: string
  /** The answer's text as the socket received it. */
  text: string
}

export interface FloodReport {
  /** Latency of each status call (app.getHostInfo) made while the flood lasted, ms. */
  statusMs: number[]
  stream: StreamPace
  /** Invokes the flooding socket sent. */
  sent: number
  /** How the flooding socket was closed by the host, if it was. */
  closed: { code: number; reason: string; afterMs: number } | null
  rss: { before: number; peak: number; after: number }
}

/** A profile on the host's built-in simulator whose answers stream at `tps` tokens per second. */
export async function pacedProfile(socket: HostSocket, tps: number): Promise<string> {
  const list = await socket.call<{ profiles: { id: string; builtIn: boolean }[] }>('profiles.list')
  const sim = list.value!.profiles.find((p) => p.builtIn)!
  const copy = await socket.call<{ id: string; baseUrl: string; consoleBaseUrl: string }>(
    'profiles.duplicate',
    {
      id: sim.id,
    },
  )
  const { id, baseUrl, consoleBaseUrl } = copy.value!
  await socket.call('profiles.update', {
    id,
    fields: {
      name: `Paced ${tps}`,
      baseUrl,
      consoleBaseUrl,
      headers: [{ name: 'x-sim-fault', value: `tps:${tps}` }],
    },
  })
  return id
}

/** Streams one run on `socket` and answers how long it took and how many event messages came. */
export async function streamRun(socket: HostSocket, profileId: string, tokens: number): Promise<StreamPace> {
  const runId = `paced-${Math.random().toString(36).slice(2, 10)}`
  const started = performance.now()
  const ended = socket.waitFor(
    (e) => e.name === 'text.runEnded' && (e.payload as { runId: string }).runId === runId,
    120_000,
  )
  const answer = await socket.call('text.startRun', {
    runId,
    profileId,
    format: 'chat',
    draft: {
      model: 'gpt-4o',
      stream: true,
      maxTokens: tokens * 2,
      messages: [{ role: 'user', parts: [{ type: 'text', text: `sim:tokens=${tokens} go` }] }],
    },
  })
  if (!answer.ok) throw new Error(`text.startRun: ${answer.error!.message}`)
  const end = await ended
  const batches = socket.events
    .filter((e) => e.name === 'text.runEvents' && (e.payload as { runId: string }).runId === runId)
    .map((e) => (e.payload as { events: { type: string; delta?: string }[] }).events)
  return {
    ms: performance.now() - started,
    messages: batches.length,
    status: (end.payload as { status: string }).status,
    text: batches
      .flat()
      .map((e) => (e.type === 'text' ? e.delta : ''))
      .join(''),
  }
}

/** Status calls every 25 ms until `until` resolves; answers each call's latency. */
export async function statusCalls(socket: HostSocket, until: Promise<unknown>): Promise<number[]> {
  let done = false
  void until.then(() => (done = true))
  const latencies: number[] = []
  while (!done) {
    const t0 = performance.now()
    const answer = await socket.call('app.getHostInfo')
    if (!answer.ok) throw new Error(`app.getHostInfo: ${answer.error!.message}`)
    latencies.push(performance.now() - t0)
    await new Promise((r) => setTimeout(r, 25))
  }
  return latencies
}

/**
 * Opens a socket that sends invokes (each answered with about 200 KB: a request preview of a long prompt, and a
 * profile list) as fast as it can write for `floodMs` and never reads; meanwhile `observer` makes status calls
 * and `streamer` streams a run. Answers what was measured.
 */
export async function floodWhileWorking(
  host: HostProcess,
  observer: HostSocket,
  streamer: HostSocket,
  profileId: string,
  options: FloodOptions,
): Promise<FloodReport> {
  const gc = async () => {
    host.child.kill('SIGUSR2')
    await new Promise((r) => setTimeout(r, 1000))
  }
  await gc()
  const before = host.rss()
  const flooder = new WebSocket(`${host.origin.replace('http', 'ws')}/ipc?token=${host.token}`, {
    origin: host.origin,
  })
  flooder.on('error', () => undefined)
  await new Promise((r) => flooder.once('open', r))
  // The flooding page never reads what the host sends it.
  flooder.pause()
  const opened = performance.now()
  let closed: FloodReport['closed'] = null
  flooder.on('close', (code, reason) => {
    closed = { code, reason: reason.toString(), afterMs: performance.now() - opened }
  })
  const preview = JSON.stringify({
    t: 'invoke',
    route: 'text.previewRequest',
    payload: {
      profileId,
      format: 'chat',
      draft: {
        model: 'gpt-4o',
        stream: true,
        messages: [{ role: 'user', parts: [{ type: 'text', text: 'flood '.repeat(6000) }] }],
      },
    },
  })
  let sent = 0
  let peak = before
  const flooding = (async () => {
    const stopAt = performance.now() + options.floodMs
    while (performance.now() < stopAt && flooder.readyState === WebSocket.OPEN) {
      // The socket's own send buffer is bounded too: it waits while the host does not take what it wrote.
      if (flooder.bufferedAmount > 4 * 1024 * 1024) {
        await new Promise((r) => setTimeout(r, 5))
        continue
      }
      sent++
      flooder.send(
        sent % 4 === 0
          ? JSON.stringify({ t: 'invoke', id: sent, route: 'profiles.list' })
          : preview.replace('{"t":"invoke",', `{"t":"invoke","id":${sent},`),
      )
      if (sent % 50 === 0) {
        peak = Math.max(peak, host.rss())
        await new Promise((r) => setImmediate(r))
      }
    }
  })()
  const watchPeak = setInterval(() => (peak = Math.max(peak, host.rss())), 100)
  const [statusMs, stream] = await Promise.all([
    statusCalls(observer, flooding),
    streamRun(streamer, profileId, options.streamTokens),
    flooding,
  ])
  clearInterval(watchPeak)
  flooder.terminate()
  await gc()
  return { statusMs, stream, sent, closed, rss: { before, peak, after: host.rss() } }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}
