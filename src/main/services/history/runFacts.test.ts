// The run facts in columns: filters by every field, sorts by a measure (runs without it last, ties newest first),
// sums by day, model and profile, runs arriving out of start order, removal and pins, and a packed page that reads
// back the same.
import { describe, expect, it } from 'vitest'
import { RunFacts, type RunFact } from './runFacts'

const DAY = 86_400_000
const fact = (rowid: number, patch: Partial<RunFact> = {}): RunFact => ({
  rowid,
  createdAt: Date.UTC(2026, 0, 1) + rowid * 3_600_000,
  kind: 'text',
  format: rowid % 2 ? 'chat' : 'messages',
  model: `model-${rowid % 3}`,
  profile: rowid % 4 === 0 ? 'Production' : 'Staging',
  status: rowid % 5 === 0 ? 'error' : 'done',
  ttftMs: 100 + rowid,
  totalMs: 1000 + ((rowid * 37) % 500),
  inputTokens: 10,
  outputTokens: rowid,
  costMicros: rowid % 7 === 0 ? null : rowid * 100,
  currency: 'USD',
  pinned: false,
  ...patch,
})

function facts(n: number): RunFacts {
  const f = new RunFacts()
  for (let i = 1; i <= n; i++) f.put(fact(i))
  return f
}

describe('run facts', () => {
  it('filters by each field and by cost and date ranges, newest first', () => {
    const f = facts(100)
    expect(Array.from(f.query({}).slice(0, 3))).toEqual([100, 99, 98])
    expect(Array.from(f.query({ model: 'model-1', status: 'error' }))).toEqual([100, 85, 70, 55, 40, 25, 10])
    expect(f.query({ model: 'never seen' }).length).toBe(0)
    expect(Array.from(f.query({ costMin: 9_500, costMax: 9_900 }))).toEqual([99, 97, 96, 95])
    const from = Date.UTC(2026, 0, 1) + 10 * 3_600_000
    expect(Array.from(f.query({ from, to: from + 3 * 3_600_000 }))).toEqual([12, 11, 10])
    expect(Array.from(f.query({ profile: 'Production', format: 'messages' }, 'oldest').slice(0, 2))).toEqual([
      4, 8,
    ])
  })

  it('sorts by a measure, largest first, runs without it last', () => {
    const f = facts(20)
    const byCost = Array.from(f.query({}, 'cost'))
    expect(byCost.slice(0, 3)).toEqual([20, 19, 18])
    expect(byCost.slice(-2)).toEqual([14, 7])
    expect(Array.from(f.query({}, 'tokens').slice(0, 2))).toEqual([20, 19])
  })

  it('gives any page of a sort by a measure as the whole sort gives it, ties and runs without it included', () => {
    // Pages within the first 1,024 ranks come from one pass with a heap, later ones from two quickselects.
    const f = new RunFacts()
    // 3,000 runs with many equal measures (ties newest first) and some without a cost or a duration.
    for (let i = 1; i <= 3_000; i++)
      f.put(
        fact(i, {
          costMicros: i % 11 === 0 ? null : (i * 7919) % 50,
          totalMs: i % 13 ? (i * 31) % 97 : null,
        }),
      )
    for (const sort of ['cost', 'duration', 'ttft', 'tokens'] as const)
      for (const filter of [{}, { status: 'error' }, { model: 'model-2', costMin: 10 }])
        for (const [offset, limit] of [
          [0, 100],
          [0, 1],
          [1_450, 100],
          [2_950, 100],
          [5_000, 10],
        ] as const) {
          const whole = f.query(filter, sort)
          const page = f.page(filter, sort, offset, limit)
          expect(page.total).toBe(whole.length)
          expect(page.rowids, `${sort} ${JSON.stringify(filter)} ${offset}`).toEqual(
            Array.from(whole.subarray(offset, offset + limit)),
          )
        }
    expect(f.page({}, 'newest', 10, 3)).toEqual({ total: 3_000, rowids: [2_990, 2_989, 2_988] })
  })

  it('sums runs, tokens and cost by day, model and profile in the asked time zone', () => {
    const f = facts(48)
    const byModel = f.sums({}, 'model')
    expect(byModel.map((s) => [s.key, s.runs])).toEqual([
      ['model-0', 16],
      ['model-1', 16],
      ['model-2', 16],
    ])
    expect(byModel.reduce((a, s) => a + s.outputTokens, 0)).toBe((48 * 49) / 2)
    const byDay = f.sums({}, 'day')
    expect(byDay.map((s) => s.key)).toEqual(['2026-01-01', '2026-01-02', '2026-01-03'])
    expect(byDay[0]!.runs).toBe(23)
    // Three hours east of UTC the first day starts three hours earlier: three more runs in it.
    expect(f.sums({}, 'day', 180)[0]!.runs).toBe(20)
    expect(f.sums({ status: 'error' }, 'profile').map((s) => [s.key, s.runs])).toEqual([
      ['Production', 2],
      ['Staging', 7],
    ])
  })

  it("counts a load test's cost once: its run row's total, its request rows' own costs only when asked alone", () => {
    const f = new RunFacts()
    const load = { kind: 'load', model: 'm', profile: 'P', costMicros: 300 }
    f.put(fact(1, load))
    for (const [rowid, micros] of [
      [2, 100],
      [3, 200],
    ] as const)
      f.put(fact(rowid, { kind: 'loadRequest', model: 'm', profile: 'P', costMicros: micros }))
    f.put(fact(4, { kind: 'text', model: 'm', profile: 'P', costMicros: 50 }))
    expect(f.sums({}, 'profile').map((s) => [s.key, s.runs, s.costMicros])).toEqual([['P', 4, 350]])
    expect(f.sums({ kind: 'loadRequest' }, 'profile')[0]!.costMicros).toBe(300)
    expect(f.sums({ kind: 'load' }, 'model')[0]!.costMicros).toBe(300)
    expect(Array.from(f.query({}, 'cost'))).toEqual([1, 3, 2, 4])
  })

  it('keeps start order for runs that arrive out of it, and forgets removed runs', () => {
    const f = facts(10)
    f.put(fact(11, { createdAt: Date.UTC(2026, 0, 1) + 5.5 * 3_600_000 }))
    expect(Array.from(f.query({}).slice(4, 7))).toEqual([6, 11, 5])
    expect(f.remove(6)).toBe(true)
    expect(f.size).toBe(10)
    expect(Array.from(f.query({}).slice(4, 6))).toEqual([11, 5])
    expect(f.remove(6)).toBe(false)
  })

  it('lists the oldest unpinned runs for retention, never a pinned one', () => {
    const f = facts(10)
    f.setPinned(1, true)
    expect(f.oldestUnpinned(Date.UTC(2026, 0, 1) + 4 * 3_600_000, 10)).toEqual([2, 3])
    expect(Array.from(f.query({ pinned: true }))).toEqual([1])
  })

  it('packs a page of facts that reads back the same, dictionary codes included', () => {
    const f = facts(30)
    f.setPinned(3, true)
    f.remove(4)
    const back = new RunFacts()
    for (const name of ['kind', 'format', 'model', 'profile', 'status', 'currency'] as const)
      f.dictionaries[name].values.forEach((v, code) => v && back.dictionaries[name].seed(code, v))
    back.unpackPage(f.packPage(0)!)
    expect(back.size).toBe(29)
    expect(Array.from(back.query({ pinned: true }))).toEqual([3])
    expect(back.sums({}, 'model')).toEqual(f.sums({}, 'model'))
    expect(Array.from(back.query({}, 'cost'))).toEqual(Array.from(f.query({}, 'cost')))
    expect(DAY).toBeGreaterThan(0)
  })
})
