// Main under many concurrent streamed runs (issue 22): N runs at a given rate each through the router, text
// service, coalescer and history, with the simulator in its own process. Prints main's event-loop delay p99 and
// max and each stream's coalesced updates per second (P1: at most 60), and with BENCH_CPU_PROFILE set writes a
// CPU profile of main meanwhile and prints where its time went (self time by function and by source).
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { openMain } from './mainHost'

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]
  samples: number[]
  timeDeltas: number[]
}

/** Self time (ms) per function and per source file of a V8 CPU profile, largest first. */
export function profileSummary(profile: CpuProfile, top = 12): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const byFunction = new Map<string, number>()
  const byFile = new Map<string, number>()
  let total = 0
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame
    const ms = (profile.timeDeltas[i] ?? 0) / 1000
    const file =
      frame.url.replace(/^.*\/(node_modules|src)\//, '$1/') || `(${frame.functionName || 'native'})`
    const fn = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms)
    byFile.set(file, (byFile.get(file) ?? 0) + ms)
    total += ms
  })
  const rows = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(
        ([k, v]) => `    ${v.toFixed(0).padStart(6)} ms ${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`,
      )
  return [
    `  self time over ${total.toFixed(0)} ms, by function:`,
    ...rows(byFunction),
    '  by source:',
    ...rows(byFile),
  ]
}

/** One round's figures: main's event-loop p99 and the most updates any stream got in one second. */
export interface StreamedMainRound {
  p99Ms: number
  peakPerSecond: number
}

export async function streamedMain(
  runs: number,
  tps: number,
  tokens: number,
  dataDir?: string,
): Promise<StreamedMainRound> {
  const main = await openMain(tps, dataDir)
  const profileTo = process.env.BENCH_CPU_PROFILE
  try {
    // Warm-up: one short stream (the simulator's tokenizer, main's code paths).
    await main.run(main.request('sim:tokens=200 warm-up', true, 1200))
    const times = main.recordEventTimes()
    const loop = monitorEventLoopDelay({ resolution: 1 })
    const session = profileTo ? new Session() : null
    if (session) {
      session.connect()
      await session.post('Profiler.enable')
      await session.post('Profiler.setSamplingInterval', { interval: 500 })
      await session.post('Profiler.start')
    }
    loop.enable()
    const t0 = performance.now()
    await Promise.all(
      Array.from({ length: runs }, (_, i) =>
        main.run(main.request(`sim:tokens=${tokens} stream ${i} with code and tables`, true, tokens + 1000)),
      ),
    )
    const wall = (performance.now() - t0) / 1000
    loop.disable()
    let summary: string[] = []
    if (session) {
      const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile }
      const file = join(profileTo === '1' ? tmpdir() : profileTo!, `main-${runs}-streams.cpuprofile`)
      writeFileSync(file, JSON.stringify(profile))
      summary = [`  CPU profile of main: ${file}`, ...profileSummary(profile)]
      session.disconnect()
    }
    // Updates per second per stream: over its whole stream, and the most in any one second.
    const perStream = [...times.values()].map((t) => {
      const span = (t.at(-1)! - t[0]!) / 1000
      let peak = 0
      for (let i = 0, j = 0; i < t.length; i++) {
        while (t[i]! - t[j]! >= 1000) j++
        peak = Math.max(peak, i - j + 1)
      }
      return { mean: span > 0 ? t.length / span : 0, peak }
    })
    const max = (f: (s: { mean: number; peak: number }) => number) => Math.max(0, ...perStream.map(f))
    console.log(
      `  ${runs} concurrent streamed runs at ${tps} tok/s (${tokens} tokens each, ${wall.toFixed(1)} s): ` +
        `event-loop p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms; ` +
        `updates per stream ≤ ${max((s) => s.mean).toFixed(1)}/s on average, ≤ ${max((s) => s.peak)} in any second ` +
        `(${perStream.length} streams)`,
    )
    console.log(
      `  goal: event-loop p99 ≤ 20 ms: ${loop.percentile(99) / 1e6 <= 20 ? 'met' : 'NOT met'}; ` +
        `≤ 60 updates/s per stream: ${max((s) => s.peak) <= 60 ? 'met' : 'NOT met'}`,
    )
    for (const line of summary) console.log(line)
    return { p99Ms: loop.percentile(99) / 1e6, peakPerSecond: max((s) => s.peak) }
  } finally {
    await main.close()
  }
}
