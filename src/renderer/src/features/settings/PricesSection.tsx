// A profile's prices as a table: searched by model, a page at a time (a table imported from LiteLLM holds
// thousands of rows), each row edited or deleted in place, new rows added; imported from LiteLLM's
// model_prices_and_context_window.json, CSV or this app's JSON (bad rows named by line, field and rule, the rest
// imported) and exported in the same three shapes; with the profile's monthly budget and this month's spend.
import { useCallback, useEffect, useRef, useState } from 'react'
import { PRICE_FIELDS, type Budget, type ModelPrice } from '../../../../shared/cost/prices'
import { formatRate } from '../../../../shared/cost/money'
import { PRICE_FILE_KINDS, PRICE_FILE_LABELS, type PriceProblem } from '../../../../shared/ipc/prices'
import type { ProfileView } from '../../../../shared/ipc/profiles'
import { pricesCalls } from '../../ipc/pricesCalls'
import { mediaCalls } from '../../ipc/mediaCalls'
import { downloadMedia } from '../../components/download/download'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'
import { PRICE_COLUMNS, PriceRowEditor } from './PriceRowEditor'
import { BudgetForm } from './BudgetForm'
import './prices.css'

const PAGE = 50

const SOURCE_WORDS: Record<string, string> = {
  demo: 'demo',
  user: 'yours',
  import: 'imported',
  gateway: 'gateway',
}

interface Imported {
  name: string
  kind: string
  imported: number
  withoutPrice: number
  problems: PriceProblem[]
  problemCount: number
}

export function PricesSection({ profile }: { profile: ProfileView }) {
  const [query, setQuery] = useState('')
  const [page, setPage] = useState(0)
  const [rows, setRows] = useState<ModelPrice[]>([])
  const [total, setTotal] = useState(0)
  const [size, setSize] = useState(0)
  const [budget, setBudget] = useState<Budget | null>(null)
  const [editing, setEditing] = useState<string | 'new' | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [imported, setImported] = useState<Imported | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const [mode, setMode] = useState<'merge' | 'replace'>('merge')
  const [removed, setRemoved] = useState<ModelPrice | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)

  const load = useCallback(async () => {
    const r = await pricesCalls.list(profile.id, query.trim(), page * PAGE, PAGE)
    if (!r.ok) return setError(r.error.message)
    setRows(r.value.rows)
    setTotal(r.value.total)
    setSize(r.value.size)
    setBudget(r.value.budget)
  }, [profile.id, query, page])

  useEffect(() => {
    const t = setTimeout(() => void load(), 150)
    return () => clearTimeout(t)
  }, [load])

  const save = async (price: ModelPrice, previous?: string): Promise<string | null> => {
    const r = await pricesCalls.put(profile.id, price, previous)
    if (!r.ok) return r.error.message
    setEditing(null)
    await load()
    return null
  }

  const remove = async (row: ModelPrice) => {
    const r = await pricesCalls.remove(profile.id, [row.model])
    if (!r.ok) setError(r.error.message)
    else setRemoved(row)
    await load()
  }

  const undoRemove = async (row: ModelPrice) => {
    setRemoved(null)
    const r = await pricesCalls.put(profile.id, row)
    if (!r.ok) setError(`${row.model} was not put back: ${r.error.message}`)
    await load()
  }

  const importPicked = async (file: File) => {
    setBusy(`Reading ${file.name}…`)
    setError(null)
    setImported(null)
    try {
      const media = await mediaCalls.importFile(file)
      const r = await pricesCalls.importFile(profile.id, media.mediaId, mode)
      if (!r.ok) setError(`Import of ${file.name}: ${r.error.message}`)
      else setImported({ name: file.name, ...r.value })
      setPage(0)
      await load()
    } catch (e) {
      setError(`Import of ${file.name}: ${e instanceof Error ? e.message : String(e)}`)
    } finally {
      setBusy(null)
    }
  }

  const exportAs = async (kind: (typeof PRICE_FILE_KINDS)[number]) => {
    setError(null)
    const r = await pricesCalls.exportFile(profile.id, kind)
    if (!r.ok) return setError(r.error.message)
    downloadMedia(r.value.url, r.value.name)
    setBusy(
      `Exported ${r.value.rows} price${r.value.rows === 1 ? '' : 's'} as ${r.value.name}${
        r.value.skipped ? ` (${r.value.skipped} in other currencies left out: LiteLLM's shape is in USD)` : ''
      }.`,
    )
  }

  const pages = Math.max(1, Math.ceil(total / PAGE))
  const demo = rows.some((r) => r.source === 'demo')
  return (
    <section className="app-settings prices" aria-labelledby="prices-title">
      <h2 id="prices-title">Prices for {profile.name}</h2>
      <p className="muted small">
        Costs are computed from the usage each answer reports, times these prices (per 1M tokens, as vendors
        publish them). A model with no row here uses the price its gateway lists, if any. An empty cell is not
        priced; cached reads and cache writes left empty are billed at the input price, reasoning at the
        output price.
        {demo && ' Rows marked demo are made-up prices for the built-in simulator.'}
      </p>
      <BudgetForm profileId={profile.id} budget={budget} onSaved={setBudget} />
      <ErrorBanner>{error}</ErrorBanner>
      <div className="toolbar prices-toolbar">
        <label>
          <span className="muted small">Search models</span>
          <input
            aria-label="Search prices"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value)
              setPage(0)
            }}
          />
        </label>
        <button className="primary" onClick={() => setEditing('new')} disabled={editing === 'new'}>
          Add a price
        </button>
        <label>
          <span className="muted small">Import</span>
          <select
            aria-label="Import mode"
            value={mode}
            onChange={(e) => setMode(e.target.value as 'merge' | 'replace')}
          >
            <option value="merge">Merge (replace the models it names)</option>
            <option value="replace">Replace the whole table</option>
          </select>
        </label>
        <button onClick={() => fileInput.current?.click()} disabled={!!busy && busy.startsWith('Reading')}>
          Import a file…
        </button>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept=".json,.csv,application/json,text/csv"
          aria-label="Price file"
          onChange={(e) => {
            const file = e.target.files?.[0]
            e.target.value = ''
            if (file) void importPicked(file)
          }}
        />
        <span className="prices-export">
          <span className="muted small">Export as</span>
          {PRICE_FILE_KINDS.map((k) => (
            <button key={k} className="ghost" onClick={() => void exportAs(k)} disabled={size === 0}>
              {k === 'litellm' ? 'LiteLLM JSON' : k === 'csv' ? 'CSV' : 'App JSON'}
            </button>
          ))}
        </span>
      </div>
      {busy && (
        <p className="muted small" role="status">
          {busy}
        </p>
      )}
      {imported && <ImportReport report={imported} />}
      {removed && (
        <p className="small" role="status">
          Deleted the price of <span className="mono">{removed.model}</span>.{' '}
          <button className="ghost small" onClick={() => void undoRemove(removed)}>
            Undo
          </button>
        </p>
      )}
      {/* Scrolls sideways at narrow widths: a tab stop, so the keyboard can scroll it too. */}
      <div
        className="prices-table-wrap"
        tabIndex={0}
        role="region"
        aria-label={`Price table for ${profile.name}`}
      >
        <table className="prices-table" aria-label={`Prices for ${profile.name}`}>
          <thead>
            <tr>
              {PRICE_COLUMNS.map((c) => (
                <th key={c.key} scope="col" title={c.unit}>
                  {c.label}
                  {'unit' in c && c.key !== 'model' && c.key !== 'currency' && c.key !== 'setAt' && (
                    <span className="price-unit">{c.unit.replace(/, e\.g\..*$/, '')}</span>
                  )}
                </th>
              ))}
              <th scope="col">Source</th>
              <th scope="col" className="row-actions">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {editing === 'new' && (
              <PriceRowEditor initial={null} onSave={(p) => save(p)} onCancel={() => setEditing(null)} />
            )}
            {rows.map((r) =>
              editing === r.model ? (
                <PriceRowEditor
                  key={r.model}
                  initial={r}
                  onSave={(p) => save(p, r.model)}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <tr key={r.model}>
                  <th scope="row" className="mono price-model-cell">
                    {r.model}
                  </th>
                  <td>{r.currency}</td>
                  {PRICE_FIELDS.map((f) => (
                    <td key={f.key}>{cell(r, f.key)}</td>
                  ))}
                  <td>{byResolution(r)}</td>
                  <td>{r.setAt}</td>
                  <td>
                    <span className={`badge price-${r.source}`}>{SOURCE_WORDS[r.source] ?? r.source}</span>
                  </td>
                  <td className="row-actions">
                    <button
                      className="ghost small"
                      aria-label={`Edit ${r.model}`}
                      disabled={editing !== null}
                      onClick={() => setEditing(r.model)}
                    >
                      Edit
                    </button>
                    <button
                      className="ghost small"
                      aria-label={`Delete ${r.model}`}
                      onClick={() => void remove(r)}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </div>
      <p className="muted small" role="status">
        {total === 0
          ? size === 0
            ? 'No prices yet: add one, or import a price file.'
            : 'No model matches the search.'
          : `${total.toLocaleString()} of ${size.toLocaleString()} models${pages > 1 ? `, page ${page + 1} of ${pages}` : ''}.`}
        {pages > 1 && (
          <>
            {' '}
            <button className="ghost small" disabled={page === 0} onClick={() => setPage(page - 1)}>
              Previous page
            </button>
            <button className="ghost small" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
              Next page
            </button>
          </>
        )}
      </p>
    </section>
  )
}

function byResolution(r: ModelPrice): string {
  const byRes = Object.entries(r.videoByResolution ?? {})
  return byRes.length ? byRes.map(([res, v]) => `${res} ${formatRate(v, r.currency)}`).join(', ') : '—'
}

function cell(r: ModelPrice, key: (typeof PRICE_FIELDS)[number]['key']): string {
  const v = r[key]
  return v === undefined ? '—' : formatRate(v, r.currency)
}

function ImportReport({ report }: { report: Imported }) {
  const left = report.problemCount
  return (
    <div
      className={left ? 'warn-banner' : 'test-report good'}
      role="status"
      data-testid="price-import-report"
    >
      <p>
        Imported {report.imported.toLocaleString()} price{report.imported === 1 ? '' : 's'} from {report.name}{' '}
        ({PRICE_FILE_LABELS[report.kind as keyof typeof PRICE_FILE_LABELS] ?? report.kind})
        {report.withoutPrice
          ? `; ${report.withoutPrice} model${report.withoutPrice === 1 ? '' : 's'} without a price skipped`
          : ''}
        {left ? `; ${left} row${left === 1 ? '' : 's'} left out:` : '.'}
      </p>
      {left > 0 && (
        <table className="import-problems" aria-label="Rows left out">
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Model</th>
              <th scope="col">Field</th>
              <th scope="col">Rule</th>
            </tr>
          </thead>
          <tbody>
            {report.problems.map((p, i) => (
              <tr key={i}>
                <td>{p.line ?? '—'}</td>
                <td className="mono">{p.model ?? '—'}</td>
                <td className="mono">{p.field}</td>
                <td>{p.rule}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {left > report.problems.length && (
        <p className="muted small">
          The first {report.problems.length} of {left} are listed.
        </p>
      )}
    </div>
  )
}
