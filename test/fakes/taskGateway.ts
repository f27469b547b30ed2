// A job gateway with a mind of its own, on loopback, for the process-level tests of what main fetches and keeps:
// the first path segment picks the scenario (a profile's base URL is `http://127.0.0.1:<port>/<scenario>`). It
// answers a video submit (11) with a task id, its query (12) as the scenario says (a task id of `..`, a status or
// an error that echoes the caller's key, result URLs that lead to another loopback port, by name or by redirect, or
// results of a given size), a console batch-images submit (16) with result URLs, and records every request. An
// "internal" server on another loopback port stands for the machine's other services: it must never be reached.
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export const TASK_SCENARIOS = [
  'unsafe-id',
  'echo-key',
  'result-internal',
  'result-internal-name',
  'result-redirect',
  'result-own',
  'result-big',
  'result-big-chunked',
  'images-internal',
  'images-own',
] as const
export type TaskScenario = (typeof TASK_SCENARIOS)[number]

export interface SeenRequest {
  method: string
  url: string
  authorization: string | null
}

export interface TaskGateway {
  url(scenario: TaskScenario): string
  /** Every request the gateway saw, in order. */
  requests: SeenRequest[]
  /** Requests that reached the internal server (must stay empty). */
  internalHits: string[]
  /** The internal server's origin. */
  internalOrigin: string
  close(): Promise<void>
}

/** A few bytes that read as an MP4 (an `ftyp` box), then filler. */
export function mp4Bytes(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x41)
  Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex').copy(bytes)
  return bytes
}

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4e60000000049454e44ae426082',
  'hex',
)

export async function startTaskGateway(options: { bigBytes?: number } = {}): Promise<TaskGateway> {
  const bigBytes = options.bigBytes ?? 8 * 1024 * 1024
  const requests: SeenRequest[] = []
  const internalHits: string[] = []
  const internal = createServer((req, res) => {
    internalHits.push(`${req.method} ${req.url}`)
    res.writeHead(200, { 'content-type': 'video/mp4' }).end(mp4Bytes(4096))
  })
  await listen(internal)
  const internalPort = (internal.address() as AddressInfo).port
  const internalOrigin = `http://127.0.0.1:${internalPort}`
  let origin = ''

  const server = createServer((req, res) => {
    req.resume()
    const auth = req.headers.authorization ?? null
    requests.push({ method: req.method ?? '', url: req.url ?? '', authorization: auth })
    const [, scenario = '', ...rest] = (req.url ?? '').split('?')[0]!.split('/')
    const path = `/${rest.join('/')}`
    const base = `${origin}/${scenario}`
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body))
    if (req.method === 'POST' && path.endsWith('/v1/video/generations'))
      return json(200, { task_id: scenario === 'unsafe-id' ? '..' : `${scenario}-1`, status: 'queued' })
    if (req.method === 'POST' && path.endsWith('batchImageGenerationSubmit')) {
      const url = scenario === 'images-own' ? `${base}/files/one.png` : `${internalOrigin}/private.png`
      return json(200, { code: 200, msg: 'ok', data: { images: [url] } })
    }
    if (req.method === 'GET' && path.startsWith('/v1/video/generations/')) {
      const task = { task_id: `${scenario}-1` }
      switch (scenario as TaskScenario) {
        case 'echo-key':
          // The caller's own Authorization echoed in a status, or in a failed task's error, and in a header.
          if (path.endsWith('/echo-error'))
            return json(
              200,
              {
                task_id: 'echo-error',
                status: 'failed',
                error: { code: 'E_KEY', message: `refused ${auth}` },
              },
              { 'x-echo': auth ?? '' },
            )
          return json(200, { ...task, status: `queued for ${auth}` }, { 'x-echo': auth ?? '' })
        case 'result-internal':
          return json(200, { ...task, status: 'succeeded', url: `${internalOrigin}/private.mp4` })
        case 'result-internal-name':
          return json(200, {
            ...task,
            status: 'succeeded',
            url: `http://localhost:${internalPort}/private.mp4`,
          })
        case 'result-redirect':
          return json(200, { ...task, status: 'succeeded', url: `${base}/hop` })
        case 'result-own':
          return json(200, { ...task, status: 'succeeded', url: `${base}/files/ok.mp4` })
        case 'result-big':
          return json(200, { ...task, status: 'succeeded', url: `${base}/files/big.mp4` })
        case 'result-big-chunked':
          return json(200, { ...task, status: 'succeeded', url: `${base}/files/big-chunked.mp4` })
        default:
          return json(200, { ...task, status: 'in_progress' })
      }
    }
    if (path === '/hop') return void res.writeHead(302, { location: `${internalOrigin}/private.mp4` }).end()
    if (path === '/files/ok.mp4')
      return void res.writeHead(200, { 'content-type': 'video/mp4' }).end(mp4Bytes(4096))
    if (path === '/files/one.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG)
    if (path === '/files/big.mp4' || path === '/files/big-chunked.mp4')
      return sendBig(res, bigBytes, path === '/files/big.mp4')
    json(404, { error: { message: `no route ${req.method} ${path}` } })
  })
  await listen(server)
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: (scenario) => `${origin}/${scenario}`,
    requests,
    internalHits,
    internalOrigin,
    close: async () => {
      await Promise.all([stop(server), stop(internal)])
    },
  }
}

/** `size` bytes of video, with or without a Content-Length, written as the client reads them. */
function sendBig(res: ServerResponse, size: number, withLength: boolean): void {
  res.writeHead(200, {
    'content-type': 'video/mp4',
    ...(withLength ? { 'content-length': String(size) } : {}),
  })
  const chunk = mp4Bytes(64 * 1024)
  let sent = 0
  const more = () => {
    while (sent < size) {
      const part = chunk.subarray(0, Math.min(chunk.length, size - sent))
      sent += part.length
      if (!res.write(part)) return void res.once('drain', more)
    }
    res.end()
  }
  res.on('close', () => (sent = size))
  more()
}

function listen(server: Server): Promise<void> {
  return new Promise((r) => server.listen(0, '127.0.0.1', r))
}

function stop(server: Server): Promise<void> {
  return new Promise((r) => {
    server.closeAllConnections()
    server.close(() => r())
  })
}
