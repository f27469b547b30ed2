// Latency and throughput against the load level, one line per target: TTFT and TPOT p50 (solid) and p95
// (dashed) with the knee of each target's TTFT p95 marked (the Kneedle rule, shared/load/levels.ts), requests and
// output tokens per second; then a histogram of one metric at one level.
import { useMemo, useState } from 'react'
import { kneeOf, type LevelFigures } from '../../../../shared/load/levels'
import { targetLabel } from '../../../../shared/load/plan'
import type { LoadReport } from '../../../../shared/load/report'
import { LineChart, type Series } from './LineChart'
import { Histogram } from './Histogram'

export const TARGET_COLORS = [
  '#3a7bd5',
  '#d9822b',
  '#2e9e5b',
  '#b04fc4',
  '#c44d4d',
  '#4fa3b0',
  '#8a8f2e',
  '#6b6fd6',
]

interface Props {
  levels: LevelFigures[]
  targets: LoadReport['targets']
  mode: 'concurrency' | 'rate'
  pointsVersion: number
}

export function CurveCharts({ levels, targets, mode, pointsVersion }: Props) {
  const byTarget = useMemo(() => {
    const map = new Map<number, LevelFigures[]>()
    for (const l of levels) (map.get(l.targetIndex) ?? map.set(l.targetIndex, []).get(l.targetIndex)!).push(l)
    for (const list of map.values()) list.sort((a, b) => a.level - b.level)
    return [...map.entries()]
  }, [levels])
  const name = (i: number) => {
    const t = targets[i]
    return t
      ? targetLabel(
          t,
          targets.length > 1 && new Set(targets.map((x) => x.profile)).size > 1 ? t.profile : undefined,
        )
      : `target ${i + 1}`
  }
  const series = (pick: (l: LevelFigures) => number | null, suffix: string, dashed = false): Series[] =>
    byTarget.map(([i, list]) => ({
      name: `${name(i)} ${suffix}`,
      color: TARGET_COLORS[i % TARGET_COLORS.length]!,
      dashed,
      points: list.map((l) => ({ x: l.level, y: pick(l) })),
    }))
  const knees = byTarget.flatMap(([i, list]) => {
    const knee = kneeOf(list.map((l) => ({ level: l.level, value: l.ttftMs.p95 })))
    return knee === null
      ? []
      : [{ x: knee, label: `knee ${knee}`, color: TARGET_COLORS[i % TARGET_COLORS.length]! }]
  })
  const xLabel = mode === 'concurrency' ? 'concurrent requests' : 'requests per second (Poisson)'
  const [level, setLevel] = useState<number | null>(null)
  const shownStep = levels.find((l) => l.step === level)?.step ?? levels.at(-1)?.step ?? null
  return (
    <div className="load-charts">
      <div className="load-chart-grid">
        <LineChart
          title="Time to first token"
          yUnit="ms"
          xLabel={xLabel}
          series={[...series((l) => l.ttftMs.p50, 'p50'), ...series((l) => l.ttftMs.p95, 'p95', true)]}
          marks={knees}
        />
        <LineChart
          title="Time per output token"
          yUnit="ms"
          xLabel={xLabel}
          series={[...series((l) => l.tpotMs.p50, 'p50'), ...series((l) => l.tpotMs.p95, 'p95', true)]}
        />
        <LineChart
          title="Request throughput (successful)"
          yUnit="req/s"
          xLabel={xLabel}
          series={series((l) => l.requestThroughput, '')}
        />
        <LineChart
          title="Output token throughput"
          yUnit="tok/s"
          xLabel={xLabel}
          series={series((l) => l.outputTokenThroughput, '')}
        />
      </div>
      <p className="muted small" data-testid="load-knee-words">
        {knees.length
          ? `Knee (TTFT p95 turns up): ${knees.map((k) => k.x).join(', ')} ${mode === 'concurrency' ? 'concurrent' : 'req/s'}.`
          : 'No knee within the levels tried (TTFT p95 does not rise by half, or fewer than three levels).'}
      </p>
      {shownStep !== null && (
        <div className="load-hist-block">
          <label>
            Histogram at{' '}
            <select value={shownStep} onChange={(e) => setLevel(Number(e.target.value))}>
              {levels.map((l) => (
                <option key={l.step} value={l.step}>
                  {name(l.targetIndex)} · {l.level}
                  {mode === 'concurrency' ? ' concurrent' : ' req/s'}
                </option>
              ))}
            </select>
          </label>
          <Histogram step={shownStep} pointsVersion={pointsVersion} />
        </div>
      )}
    </div>
  )
}
