// Two load test reports compared level by level, as Gateway check reports are compared cell by cell: levels are
// matched by target (model, format, streamed; the profile may differ, so two gateways compare) and level, each
// figure's change is given, and a change past its threshold in the bad direction is named a regression
// ("TTFT p95 312 → 431 ms (+38 %)"). Thresholds: latencies 10 % and 5 ms, throughputs 10 %, error rate and
// goodput 2 points.
import type { LevelFigures } from './levels'
import type { LoadReport } from './report'
import { levelLabel, targetLabel } from './plan'

export interface FigureChange {
  figure: string
  before: number | null
  after: number | null
  unit: string
  /** Relative change (after − before) ÷ before; null when either side is missing or before is 0. */
  relative: number | null
  regression: boolean
  improvement: boolean
}

export interface LevelChange {
  key: string
  target: string
  level: string
  /** Present in one report only. */
  only: 'before' | 'after' | null
  changes: FigureChange[]
  /** The regressions in words, e.g. "TTFT p95 312 → 431 ms (+38 %)". */
  regressions: string[]
}

type Direction = 'lower' | 'higher'
interface FigureDef {
  name: string
  unit: string
  better: Direction
  read: (l: LevelFigures) => number | null
  kind: 'latency' | 'throughput' | 'share'
}

const FIGURES: FigureDef[] = [
  { name: 'TTFT p50', unit: 'ms', better: 'lower', read: (l) => l.ttftMs.p50, kind: 'latency' },
  { name: 'TTFT p95', unit: 'ms', better: 'lower', read: (l) => l.ttftMs.p95, kind: 'latency' },
  { name: 'TPOT p50', unit: 'ms', better: 'lower', read: (l) => l.tpotMs.p50, kind: 'latency' },
  { name: 'TPOT p95', unit: 'ms', better: 'lower', read: (l) => l.tpotMs.p95, kind: 'latency' },
  { name: 'ITL per frame p95', unit: 'ms', better: 'lower', read: (l) => l.itlFrameMs.p95, kind: 'latency' },
  { name: 'e2e p50', unit: 'ms', better: 'lower', read: (l) => l.e2eMs.p50, kind: 'latency' },
  { name: 'e2e p95', unit: 'ms', better: 'lower', read: (l) => l.e2eMs.p95, kind: 'latency' },
  {
    name: 'requests/s',
    unit: 'req/s',
    better: 'higher',
    read: (l) => l.requestThroughput,
    kind: 'throughput',
  },
  {
    name: 'output tok/s',
    unit: 'tok/s',
    better: 'higher',
    read: (l) => l.outputTokenThroughput,
    kind: 'throughput',
  },
  { name: 'error rate', unit: '%', better: 'lower', read: (l) => pct(l.errorRate), kind: 'share' },
  { name: 'goodput', unit: '%', better: 'higher', read: (l) => pct(l.goodput.share), kind: 'share' },
]

function pct(v: number | null): number | null {
  return v === null ? null : v * 100
}

export const DIFF_THRESHOLDS = { relative: 0.1, latencyMs: 5, sharePoints: 2 }

function judge(def: FigureDef, before: number | null, after: number | null): FigureChange {
  const relative = before !== null && after !== null && before !== 0 ? (after - before) / before : null
  let worse = false
  let better = false
  if (before !== null && after !== null) {
    const delta = after - before
    const bad = def.better === 'lower' ? delta > 0 : delta < 0
    const size = Math.abs(delta)
    const past =
      def.kind === 'share'
        ? size >= DIFF_THRESHOLDS.sharePoints
        : def.kind === 'latency'
          ? size >= DIFF_THRESHOLDS.latencyMs && Math.abs(relative ?? Infinity) >= DIFF_THRESHOLDS.relative
          : Math.abs(relative ?? Infinity) >= DIFF_THRESHOLDS.relative
    worse = past && bad
    better = past && !bad
  }
  return {
    figure: def.name,
    before,
    after,
    unit: def.unit,
    relative,
    regression: worse,
    improvement: better,
  }
}

const show = (v: number | null, unit: string) =>
  v === null
    ? '—'
    : `${unit === 'ms' || unit === '%' ? v.toFixed(v < 10 ? 1 : 0) : v.toFixed(v < 10 ? 2 : 1)}`

/** A change in words: "TTFT p95 312 → 431 ms (+38 %)", "goodput 98.0 → 91.5 % (−6.5 points)". */
export function changeWords(c: FigureChange): string {
  const tail =
    c.unit === '%'
      ? c.before !== null && c.after !== null
        ? ` (${c.after - c.before >= 0 ? '+' : '−'}${Math.abs(c.after - c.before).toFixed(1)} points)`
        : ''
      : c.relative !== null
        ? ` (${c.relative >= 0 ? '+' : '−'}${Math.abs(c.relative * 100).toFixed(0)} %)`
        : ''
  return `${c.figure} ${show(c.before, c.unit)} → ${show(c.after, c.unit)} ${c.unit}${tail}`
}

function keyOf(report: LoadReport, l: LevelFigures): string {
  const t = report.targets[l.targetIndex]
  return `${t?.model}|${t?.format}|${t?.stream}|${l.mode}|${l.level}`
}

/** What changed from `before` to `after`, level by level, in the order of `after` then levels only before had. */
export function diffLoadReports(before: LoadReport, after: LoadReport): LevelChange[] {
  const a = new Map(before.levels.map((l) => [keyOf(before, l), l]))
  const b = new Map(after.levels.map((l) => [keyOf(after, l), l]))
  const keys = [...new Set([...b.keys(), ...a.keys()])]
  return keys.map((key) => {
    const x = a.get(key)
    const y = b.get(key)
    const report = y ? after : before
    const level = (y ?? x)!
    const target = report.targets[level.targetIndex]
    const changes = FIGURES.map((def) => judge(def, x ? def.read(x) : null, y ? def.read(y) : null))
    return {
      key,
      target: target ? targetLabel(target) : '?',
      level: levelLabel(level.mode, level.level),
      only: x && y ? null : x ? 'before' : 'after',
      changes,
      regressions: changes.filter((c) => c.regression).map(changeWords),
    }
  })
}

export function diffToText(before: LoadReport, after: LoadReport): string {
  const rows = diffLoadReports(before, after)
  const regressed = rows.filter((r) => r.regressions.length > 0)
  const out = [
    `Load test: what changed from "${before.name}" (${new Date(before.startedAt).toISOString()}) to "${after.name}" (${new Date(after.startedAt).toISOString()})`,
    `${regressed.length} of ${rows.length} level${rows.length === 1 ? '' : 's'} regressed`,
  ]
  for (const r of rows) {
    if (r.only)
      out.push(`  ${r.target} · ${r.level}: only in the ${r.only === 'before' ? 'earlier' : 'later'} run`)
    else if (r.regressions.length) out.push(`  ${r.target} · ${r.level}: ${r.regressions.join('; ')}`)
  }
  return `${out.join('\n')}\n`
}
