import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fetchToFile as fetchWith, ResultFetchError, type FetchFileOptions } from './fetchToFile'
import { NetworkPool } from '../network/networkPool'
import { ResultUrlPolicy } from '../network/resultUrlPolicy'
import { memoryProfile } from '../profiles'

// Results go out a profile's way: here a profile with no proxy, through the pool every call uses.
const pool = new NetworkPool()
const direct = memoryProfile({ name: 'result fetch', baseUrl: 'http://127.0.0.1:1' }, { id: 'fetch-test' })
const fetchToFile = (url: string, options: Omit<FetchFileOptions, 'connect'>) =>
  fetchWith(url, { ...options, connect: (u, purpose) => pool.connection(direct, u, purpose) })

const VIDEO = randomBytes(300_001)
const ETAG = '"v1"'
const sha = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex')

type Behaviour = (req: IncomingMessage, res: ServerResponse, n: number) => void

let dir: string
let server: Server
let url: string
let seen: { range?: string; ifRange?: string }[]
let behaviour: Behaviour
const sockets = new Set<Socket>()

/** Answers like a CDN: Range → 206, else 200; ETag on every answer. */
function serve(
  req: IncomingMessage,
  res: ServerResponse,
  opts: { dropHalfway?: boolean; ignoreRange?: boolean } = {},
) {
  const m = /^bytes=(\d+)-$/.exec(req.headers.range ?? '')
  const start = m && !opts.ignoreRange ? Number(m[1]) : 0
  const body = VIDEO.subarray(start)
  const headers: Record<string, string> = {
    'content-type': 'video/mp4',
    etag: ETAG,
    'accept-ranges': 'bytes',
    'content-length': String(body.length),
  }
  if (start > 0) headers['content-range'] = `bytes ${start}-${VIDEO.length - 1}/${VIDEO.length}`
  res.writeHead(start > 0 ? 206 : 200, headers)
  if (opts.dropHalfway) res.write(body.subarray(0, body.length >> 1), () => res.destroy())
  else res.end(body)
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fetch-'))
  seen = []
  server = createServer((req, res) => {
    seen.push({ range: req.headers.range, ifRange: req.headers['if-range'] as string | undefined })
    behaviour(req, res, seen.length)
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v.mp4`
})
afterEach(async () => {
  for (const s of sockets) s.destroy()
  await new Promise((r) => server.close(r))
  rmSync(dir, { recursive: true, force: true })
})

/** The loopback CDN of these tests, allowed the way a user allows a host of their own for a profile. */
const cdn = () => new ResultUrlPolicy({ origins: [], allowedHosts: [new URL(url).host] })

describe('fetchToFile (M3)', () => {
  it('streams a whole answer to the file', async () => {
    behaviour = (req, res) => serve(req, res)
    const temp = join(dir, 'a.part')
    const result = await fetchToFile(url, {
      policy: cdn(),
      tempPath: temp,
    })
    expect(result).toMatchObject({ bytes: VIDEO.length, mimeType: 'video/mp4', resumes: 0, connections: 1 })
    expect(sha(readFileSync(temp))).toBe(sha(VIDEO))
    expect(seen[0]?.range).toBeUndefined()
  })

  it('resumes a dropped connection with Range and If-Range and appends the rest', async () => {
    behaviour = (req, res, n) => serve(req, res, { dropHalfway: n === 1 })
    const temp = join(dir, 'b.part')
    const result = await fetchToFile(url, {
      policy: cdn(),
      tempPath: temp,
    })
    expect(result.resumes).toBe(1)
    expect(seen).toHaveLength(2)
    expect(seen[1]?.range).toMatch(/^bytes=\d+-$/)
    expect(Number(seen[1]!.range!.slice(6, -1))).toBeGreaterThan(0)
    expect(seen[1]?.ifRange).toBe(ETAG)
    expect(sha(readFileSync(temp))).toBe(sha(VIDEO))
  })

  it('starts over when the server ignores the range', async () => {
    behaviour = (req, res, n) => serve(req, res, { dropHalfway: n === 1, ignoreRange: true })
    const temp = join(dir, 'c.part')
    const result = await fetchToFile(url, {
      policy: cdn(),
      tempPath: temp,
    })
    expect(result.resumes).toBe(0)
    expect(result.connections).toBe(2)
    expect(sha(readFileSync(temp))).toBe(sha(VIDEO))
  })

  it('resumes after a stalled connection goes idle', async () => {
    behaviour = (req, res, n) => {
      if (n === 1) {
        res.writeHead(200, {
          'content-type': 'video/mp4',
          etag: ETAG,
          'content-length': String(VIDEO.length),
        })
        res.write(VIDEO.subarray(0, 1000))
      } else serve(req, res)
    }
    const temp = join(dir, 'd.part')
    const result = await fetchToFile(url, {
      policy: cdn(),
      tempPath: temp,
      idleTimeoutMs: 150,
    })
    expect(seen[1]?.range).toBe('bytes=1000-')
    expect(result.resumes).toBe(1)
    expect(sha(readFileSync(temp))).toBe(sha(VIDEO))
  })

  it.each([
    [403, 'RESULT_URL_EXPIRED'],
    [410, 'RESULT_URL_EXPIRED'],
    [500, 'RESULT_HTTP'],
  ])('answers HTTP %i with %s after one request', async (status, code) => {
    behaviour = (_req, res) => res.writeHead(status, { 'content-type': 'application/xml' }).end('<Error/>')
    const error = await fetchToFile(url, {
      policy: cdn(),
      tempPath: join(dir, 'e.part'),
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ResultFetchError)
    expect(error).toMatchObject({ code, status })
    expect(seen).toHaveLength(1)
  })

  it('refuses a 200 that is a web page, not a video', async () => {
    behaviour = (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>login</html>')
    await expect(
      fetchToFile(url, {
        policy: cdn(),
        tempPath: join(dir, 'f.part'),
      }),
    ).rejects.toMatchObject({
      code: 'RESULT_NOT_VIDEO',
    })
  })

  it('gives up after a bounded number of connections when every one drops', async () => {
    behaviour = (req, res) => serve(req, res, { dropHalfway: true })
    const error = await fetchToFile(url, {
      policy: cdn(),
      tempPath: join(dir, 'g.part'),
      maxConnections: 3,
    }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'RESULT_NETWORK' })
    expect((error as Error).message).toMatch(/after 3 connections/)
    expect(seen).toHaveLength(3)
  })

  it('stops at once when aborted', async () => {
    behaviour = (_req, res) => {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(VIDEO.length) })
      res.write(VIDEO.subarray(0, 10))
    }
    const abort = new AbortController()
    const pending = fetchToFile(url, {
      policy: cdn(),
      tempPath: join(dir, 'h.part'),
      signal: abort.signal,
    })
    setTimeout(() => abort.abort(), 50)
    await expect(pending).rejects.toMatchObject({ code: 'RESULT_ABORTED' })
    expect(seen).toHaveLength(1)
  })

  it('keeps no more than its bound: refused on Content-Length, and cut while streaming when none is given', async () => {
    behaviour = (req, res) => serve(req, res)
    const announced = await fetchToFile(url, {
      policy: cdn(),
      tempPath: join(dir, 'i.part'),
      maxBytes: 100_000,
      label: 'video',
    }).catch((e: unknown) => e)
    expect(announced).toMatchObject({ code: 'RESULT_TOO_LARGE' })
    expect((announced as Error).message).toBe(
      'The video is 0.3 MB, over the bound of 0.1 MB for videos (Settings → Downloads); it was not kept.',
    )
    behaviour = (_req, res) => {
      res.writeHead(200, { 'content-type': 'video/mp4' })
      const more = () => {
        while (res.write(VIDEO.subarray(0, 64 * 1024)));
        res.once('drain', more)
      }
      res.on('close', () => res.removeAllListeners('drain'))
      more()
    }
    const streamed = await fetchToFile(url, {
      policy: cdn(),
      tempPath: join(dir, 'j.part'),
      maxBytes: 1_000_000,
      label: 'image',
    }).catch((e: unknown) => e)
    expect(streamed).toMatchObject({ code: 'RESULT_TOO_LARGE' })
    expect((streamed as Error).message).toMatch(
      /^The image passed 1(\.\d)? MB, over the bound of 1 MB for images/,
    )
    expect(seen).toHaveLength(2)
  })

  it('fetches only where the policy allows: the origin or an allowed host, never another loopback port, even by redirect', async () => {
    const other = createServer((_req, res) => res.end('private'))
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', () => r()))
    const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}/secret`
    try {
      behaviour = (_req, res) => res.writeHead(302, { location: otherUrl }).end()
      const gatewayOnly = new ResultUrlPolicy({ origins: [new URL(url).origin] })
      const answers: string[] = []
      const redirected = await fetchToFile(url, {
        policy: gatewayOnly,
        tempPath: join(dir, 'k.part'),
        onResponse: (res) => answers.push(`${res.status} ${res.url}`),
      }).catch((e: unknown) => e)
      expect(redirected).toMatchObject({ code: 'RESULT_URL_REFUSED' })
      expect((redirected as Error).message).toMatch(
        /127\.0\.0\.1:\d+ is a loopback address outside the gateway's origin/,
      )
      expect(answers).toEqual([`302 ${url}`])
      const direct = await fetchToFile(otherUrl, {
        policy: gatewayOnly,
        tempPath: join(dir, 'l.part'),
      }).catch((e: unknown) => e)
      expect(direct).toMatchObject({ code: 'RESULT_URL_REFUSED' })
      expect(seen).toHaveLength(1)
    } finally {
      other.closeAllConnections()
      await new Promise((r) => other.close(r))
    }
  })

  it('checks the address it connects to, not only the one a name first resolved to (DNS rebinding)', async () => {
    behaviour = (req, res) => serve(req, res)
    const port = new URL(url).port
    // The check before the request is told `localhost` is public; the connection resolves it again and is refused.
    const rebinding = new ResultUrlPolicy({ origins: [], resolve: async () => ['93.184.216.34'] })
    const error = await fetchToFile(`http://localhost:${port}/v.mp4`, {
      policy: rebinding,
      tempPath: join(dir, 'm.part'),
    }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'RESULT_URL_REFUSED' })
    expect((error as Error).message).toMatch(/localhost \((127\.0\.0\.1|::1)\) is a loopback address/)
    expect(seen).toHaveLength(0)
  })
})
