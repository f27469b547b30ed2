// The History panel's search box, filters and sort. Search runs as the user types (a short pause between
// keystrokes); each filter is a plain select whose values come from the history itself; dates are inclusive days;
// a cost range is in the runs' currency, checked once typed (the field and the rule are named).
import { useEffect, useState } from 'react'
import {
  HISTORY_SORT_LABELS,
  HISTORY_SORTS,
  HISTORY_STATUSES,
  RUN_KIND_LABELS,
  RUN_KINDS,
  type HistoryFilter,
  type HistorySort,
  type HistoryStatus,
  type RunKind,
} from '../../../../shared/ipc/history'
import { useHistoryStore } from '../../stores/history'
import { parseCost } from './runFacts'
import { FormatOptions } from '../../components/selectOptions/SelectOptions'

const DAY_MS = 86_400_000
const SEARCH_PAUSE_MS = 120

/** `YYYY-MM-DD` in local time → epoch ms at the start of that day; null for an empty or malformed value. */
function dayStart(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).getTime() : null
}

export function HistoryFilters() {
  const filter = useHistoryStore((s) => s.filter)
  const facets = useHistoryStore((s) => s.facets)
  const setFilter = useHistoryStore((s) => s.setFilter)
  const sort = useHistoryStore((s) => s.sort)
  const setSort = useHistoryStore((s) => s.setSort)
  const [query, setQuery] = useState(filter.query ?? '')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [costFrom, setCostFrom] = useState('')
  const [costTo, setCostTo] = useState('')

  const costMin = parseCost(costFrom)
  const costMax = parseCost(costTo)
  const costError = Number.isNaN(costMin)
    ? 'Cost from: must be an amount of 0 or more'
    : Number.isNaN(costMax)
      ? 'Cost to: must be an amount of 0 or more'
      : costMin !== null && costMax !== null && costMax < costMin
        ? 'Cost to: must be at least Cost from'
        : null
  useEffect(() => {
    if (costError) return
    const next = { costMin: costMin ?? undefined, costMax: costMax ?? undefined }
    if (next.costMin === filter.costMin && next.costMax === filter.costMax) return
    const t = setTimeout(() => setFilter(next), SEARCH_PAUSE_MS)
    return () => clearTimeout(t)
  }, [costMin, costMax, costError, filter.costMin, filter.costMax, setFilter])

  useEffect(() => {
    if ((filter.query ?? '') === query) return
    const t = setTimeout(() => setFilter({ query }), SEARCH_PAUSE_MS)
    return () => clearTimeout(t)
  }, [query, filter.query, setFilter])

  const fromMs = dayStart(from)
  const toMs = dayStart(to)
  const dateError = fromMs !== null && toMs !== null && toMs < fromMs ? 'To: must be on or after From' : null
  useEffect(() => {
    if (dateError) return
    const next: Partial<HistoryFilter> = {
      from: fromMs ?? undefined,
      to: toMs === null ? undefined : toMs + DAY_MS,
    }
    if (next.from !== filter.from || next.to !== filter.to) setFilter(next)
  }, [fromMs, toMs, dateError, filter.from, filter.to, setFilter])

  const select = <K extends keyof HistoryFilter>(key: K, value: string) =>
    setFilter({ [key]: value === '' ? undefined : value } as Partial<HistoryFilter>)

  return (
    <div className="history-filters toolbar" role="search" aria-label="Search and filter runs">
      <label className="history-search">
        Search
        <input
          type="search"
          aria-label="Search"
          value={query}
          placeholder="Words of a prompt or answer"
          onChange={(e) => setQuery(e.target.value)}
        />
      </label>
      <label>
        Kind
        <select aria-label="Kind" value={filter.kind ?? ''} onChange={(e) => select('kind', e.target.value)}>
          <option value="">Any</option>
          {RUN_KINDS.map((k: RunKind) => (
            <option key={k} value={k}>
              {RUN_KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Format
        <select
          aria-label="Format"
          value={filter.format ?? ''}
          onChange={(e) => select('format', e.target.value)}
        >
          <option value="">Any</option>
          <FormatOptions />
        </select>
      </label>
      <label>
        Model
        <select
          aria-label="Model"
          value={filter.model ?? ''}
          onChange={(e) => select('model', e.target.value)}
        >
          <option value="">Any</option>
          {facets.models.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </label>
      <label>
        Profile
        <select
          aria-label="Profile"
          value={filter.profile ?? ''}
          onChange={(e) => select('profile', e.target.value)}
        >
          <option value="">Any</option>
          {facets.profiles.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </label>
      <label>
        Status
        <select
          aria-label="Status"
          value={filter.status ?? ''}
          onChange={(e) => select('status', e.target.value)}
        >
          <option value="">Any</option>
          {HISTORY_STATUSES.map((s: HistoryStatus) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label>
        From
        <input type="date" aria-label="From" value={from} onChange={(e) => setFrom(e.target.value)} />
      </label>
      <label>
        To
        <input
          type="date"
          aria-label="To"
          value={to}
          aria-invalid={dateError ? true : undefined}
          aria-describedby={dateError ? 'history-date-error' : undefined}
          onChange={(e) => setTo(e.target.value)}
        />
      </label>
      {dateError && (
        <p id="history-date-error" className="field-error" role="alert">
          {dateError}
        </p>
      )}
      <label>
        Cost from
        <input
          className="history-cost"
          inputMode="decimal"
          aria-label="Cost from"
          placeholder="0.00"
          value={costFrom}
          aria-invalid={costError?.startsWith('Cost from') ? true : undefined}
          onChange={(e) => setCostFrom(e.target.value)}
        />
      </label>
      <label>
        Cost to
        <input
          className="history-cost"
          inputMode="decimal"
          aria-label="Cost to"
          placeholder="any"
          value={costTo}
          aria-invalid={costError?.startsWith('Cost to') ? true : undefined}
          onChange={(e) => setCostTo(e.target.value)}
        />
      </label>
      {costError && (
        <p className="field-error" role="alert">
          {costError}
        </p>
      )}
      <label className="inline">
        <input
          type="checkbox"
          checked={filter.pinned === true}
          onChange={(e) => setFilter({ pinned: e.target.checked ? true : undefined })}
        />
        Pinned only
      </label>
      <label>
        Sort
        <select aria-label="Sort" value={sort} onChange={(e) => setSort(e.target.value as HistorySort)}>
          {HISTORY_SORTS.map((s) => (
            <option key={s} value={s}>
              {HISTORY_SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
    </div>
  )
}
