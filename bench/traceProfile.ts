// Reads a Chromium trace (Browser.startTracing) for one page: the renderer main thread's busy time (top-level
// tasks, nesting counted once) and where it went (script, style and layout, paint, GC, other) by self time.
// The categories below are what both need; `toplevel` alone would give busy time but not the reasons.

export const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline']

interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: { frames?: { processId?: number }[] } }
}

export interface TraceProfile {
  /** Sum of top-level task durations on the page's main thread, ms. */
  busyMs: number
  /** Self time by kind of work, ms. */
  breakdown: Record<WorkKind, number>
  /** The trace events whose self time makes up 'other', largest first (name, ms), at most 6. */
  otherTop: [string, number][]
}

export type WorkKind = 'script' | 'style+layout' | 'paint' | 'gc' | 'other'

const TOP_LEVEL = new Set(['RunTask', 'ThreadControllerImpl::RunTask'])

function kindOf(name: string): WorkKind {
  if (/GC|Gc|garbage|BlinkGC|ThreadState::/.test(name)) return 'gc'
  if (/^(UpdateLayoutTree|Layout|RecalculateStyles|HitTest|UpdateStyle|ParseAuthorStyleSheet)/.test(name))
    return 'style+layout'
  if (
    /^(Paint|PrePaint|Layerize|UpdateLayer|UpdateLayerTree|CompositeLayers|Commit|PaintImage|Decode)/.test(
      name,
    )
  )
    return 'paint'
  if (
    /^(FunctionCall|EvaluateScript|TimerFire|EventDispatch|RunMicrotasks|FireAnimationFrame|XHR|v8\.|V8\.|v8|ParseHTML|CompileScript|CompileCode|ScheduleStyle|WebSocket)/.test(
      name,
    )
  )
    return 'script'
  return 'other'
}

/** Complete events (X, or B/E pairs) on one thread, sorted by start. */
function completeEvents(events: TraceEvent[]): { name: string; ts: number; dur: number }[] {
  const out: { name: string; ts: number; dur: number }[] = []
  const open: TraceEvent[] = []
  for (const e of events) {
    if (e.ph === 'X' && e.dur !== undefined) out.push({ name: e.name, ts: e.ts, dur: e.dur })
    else if (e.ph === 'B') open.push(e)
    else if (e.ph === 'E') {
      const b = open.pop()
      if (b) out.push({ name: b.name, ts: b.ts, dur: e.ts - b.ts })
    }
  }
  return out.sort((a, b) => a.ts - b.ts || b.dur - a.dur)
}

export function profileTrace(json: Buffer | string): TraceProfile {
  const parsed = JSON.parse(String(json)) as { traceEvents?: TraceEvent[] } | TraceEvent[]
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? [])
  const mains = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  )
  const framePids = new Set(
    events
      .filter((e) => e.name === 'TracingStartedInBrowser')
      .flatMap((e) => e.args?.data?.frames ?? [])
      .map((f) => f.processId),
  )
  const byThread = new Map<string, TraceEvent[]>()
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`
    let list = byThread.get(key)
    if (!list) byThread.set(key, (list = []))
    list.push(e)
  }
  let best: TraceProfile = {
    busyMs: 0,
    breakdown: { script: 0, 'style+layout': 0, paint: 0, gc: 0, other: 0 },
    otherTop: [],
  }
  for (const main of mains) {
    if (framePids.size > 0 && !framePids.has(main.pid)) continue
    const list = completeEvents(byThread.get(`${main.pid}:${main.tid}`) ?? [])
    let busy = 0
    let coveredUntil = -Infinity
    for (const e of list) {
      if (!TOP_LEVEL.has(e.name) || e.ts + e.dur <= coveredUntil) continue
      busy += e.ts + e.dur - Math.max(e.ts, coveredUntil)
      coveredUntil = Math.max(coveredUntil, e.ts + e.dur)
    }
    const breakdown: Record<WorkKind, number> = { script: 0, 'style+layout': 0, paint: 0, gc: 0, other: 0 }
    const others = new Map<string, number>()
    const stack: { name: string; end: number; self: number }[] = []
    const close = (until: number) => {
      while (stack.length && stack[stack.length - 1]!.end <= until) {
        const done = stack.pop()!
        const kind = TOP_LEVEL.has(done.name) ? 'other' : kindOf(done.name)
        breakdown[kind] += done.self
        if (kind === 'other') others.set(done.name, (others.get(done.name) ?? 0) + done.self)
      }
    }
    for (const e of list) {
      close(e.ts)
      const parent = stack[stack.length - 1]
      if (parent) parent.self -= Math.min(e.dur, parent.self)
      stack.push({ name: e.name, end: e.ts + e.dur, self: e.dur })
    }
    close(Infinity)
    const profile = {
      busyMs: busy / 1000,
      breakdown: Object.fromEntries(Object.entries(breakdown).map(([k, v]) => [k, v / 1000])) as Record<
        WorkKind,
        number
      >,
      otherTop: [...others]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([name, us]): [string, number] => [name, us / 1000]),
    }
    if (profile.busyMs > best.busyMs) best = profile
  }
  return best
}
