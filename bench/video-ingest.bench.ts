// M2: ingests a 50 MB video delivered as a download-shaped JSON body (`base64` plus `data_url`, ~134 MB) from a
// loopback server in a child process, first with main's streaming decoder (ingestJson), then the naive way
// (response text → JSON.parse → Buffer.from), in one run, and prints main's event-loop delay (p50/p99/max),
// wall time and peak memory growth side by side, with the SHA-256 of each saved file against the source.
// Run alone with `node --expose-gc --import tsx bench/video-ingest.bench.ts` (BENCH_VIDEO_MB sets the size).
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createReadStream, mkdtempSync, rmSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { ingestJson } from '../src/main/services/video/ingest'

const VIDEO_MB = Number(process.env.BENCH_VIDEO_MB ?? 50)
const P99_LIMIT_MS = 20

// The server lives in its own process so serving the body never counts against this event loop or heap.
const SERVER = `
const { createServer } = require('node:http')
const { createHash, randomFillSync } = require('node:crypto')
const video = randomFillSync(Buffer.alloc(${Math.round(VIDEO_MB * 1024 * 1024)}))
const b64 = video.toString('base64')
const body = Buffer.from(JSON.stringify({
  success: true, generation_id: 'video_bench', task_id: 'video_bench', format: 'mp4',
  size: video.length, base64: b64, data_url: 'data:video/mp4;base64,' + b64,
}))
const sha = createHash('sha256').update(video).digest('hex')
createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length })
  res.end(body)
}).listen(0, '127.0.0.1', function () {
  process.stdout.write(JSON.stringify({ port: this.address().port, sha, videoBytes: video.length, bodyBytes: body.length }) + '\\n')
})
`

interface Figures {
  wallMs: number
  p50: number
  p99: number
  max: number
  rssGrowthMb: number
  heapGrowthMb: number
  sha: string
  bytes: number
}

const mb = (n: number): number => n / 1024 / 1024

async function sha256(path: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

function settle(): void {
  const gc = (globalThis as { gc?: () => void }).gc
  if (gc) {
    gc()
    gc()
  }
}

/** Runs one ingestion while sampling event-loop delay and memory every 10 ms. */
async function measure(run: () => Promise<{ path: string; bytes: number }>): Promise<Figures> {
  settle()
  await new Promise((r) => setTimeout(r, 100))
  const base = process.memoryUsage()
  let peakRss = base.rss
  let peakHeap = base.heapUsed + base.external
  const sampler = setInterval(() => {
    const m = process.memoryUsage()
    peakRss = Math.max(peakRss, m.rss)
    peakHeap = Math.max(peakHeap, m.heapUsed + m.external)
  }, 10)
  const delay = monitorEventLoopDelay({ resolution: 1 })
  delay.enable()
  const t0 = performance.now()
  const { path, bytes } = await run()
  const wallMs = performance.now() - t0
  delay.disable()
  clearInterval(sampler)
  const m = process.memoryUsage()
  peakRss = Math.max(peakRss, m.rss)
  peakHeap = Math.max(peakHeap, m.heapUsed + m.external)
  return {
    wallMs,
    p50: delay.percentile(50) / 1e6,
    p99: delay.percentile(99) / 1e6,
    max: delay.max / 1e6,
    rssGrowthMb: mb(peakRss - base.rss),
    heapGrowthMb: mb(peakHeap - base.heapUsed - base.external),
    sha: await sha256(path),
    bytes,
  }
}

async function main(): Promise<void> {
  const child = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] })
  const info = await new Promise<{ port: number; sha: string; videoBytes: number; bodyBytes: number }>(
    (resolve, reject) => {
      let out = ''
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString()
        if (out.includes('\n')) resolve(JSON.parse(out))
      })
      child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)))
    },
  )
  const url = `http://127.0.0.1:${info.port}/v1/video/generations/download?id=video_bench`
  const dir = mkdtempSync(join(tmpdir(), 'bench-ingest-'))
  console.log(
    `video-ingest: a ${mb(info.videoBytes).toFixed(1)} MB video in a ${mb(info.bodyBytes).toFixed(1)} MB download body (base64 + data_url) over loopback`,
  )
  try {
    const streaming = await measure(async () => {
      const res = await fetch(url)
      const result = await ingestJson(res.body!, {
        tempPath: join(dir, 'streamed.mp4'),
        base64Fields: ['base64'],
        urlFields: ['data_url'],
      })
      if (!result.file) throw new Error('no file was decoded')
      if (result.scanner.values.get('size') !== result.file.bytes)
        throw new Error('decoded size differs from `size`')
      return { path: result.file.path, bytes: result.file.bytes }
    })
    const naive = await measure(async () => {
      const res = await fetch(url)
      const text = await res.text()
      const body = JSON.parse(text) as { base64: string }
      const bytes = Buffer.from(body.base64, 'base64')
      const path = join(dir, 'naive.mp4')
      await writeFile(path, bytes)
      return { path, bytes: bytes.length }
    })

    const row = (label: string, a: string, b: string) =>
      console.log(`  ${label.padEnd(30)}${a.padStart(14)}${b.padStart(14)}`)
    const ms = (n: number) => `${n.toFixed(1)} ms`
    row('', 'streaming', 'naive')
    row('wall time', ms(streaming.wallMs), ms(naive.wallMs))
    row('event-loop delay p50', ms(streaming.p50), ms(naive.p50))
    row('event-loop delay p99', ms(streaming.p99), ms(naive.p99))
    row('event-loop delay max', ms(streaming.max), ms(naive.max))
    row('peak RSS growth', `${streaming.rssGrowthMb.toFixed(0)} MB`, `${naive.rssGrowthMb.toFixed(0)} MB`)
    row(
      'peak heap+external growth',
      `${streaming.heapGrowthMb.toFixed(0)} MB`,
      `${naive.heapGrowthMb.toFixed(0)} MB`,
    )
    row('bytes written', String(streaming.bytes), String(naive.bytes))
    row('SHA-256 matches the source', String(streaming.sha === info.sha), String(naive.sha === info.sha))
    const pass =
      streaming.sha === info.sha &&
      streaming.p99 <= P99_LIMIT_MS &&
      streaming.rssGrowthMb < naive.rssGrowthMb / 4
    console.log(
      `  M2 (streaming p99 ≤ ${P99_LIMIT_MS} ms, memory growth under a quarter of naive, SHA-256 match): ${pass ? 'PASS' : 'FAIL'}`,
    )
    if (!pass) process.exitCode = 1
  } finally {
    child.kill()
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
