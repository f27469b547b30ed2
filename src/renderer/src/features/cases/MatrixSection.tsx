// A suite run as a matrix: the targets (format, model, profile rows, or the "All four formats" preset), then cases
// × targets cells filled as main reports them, with a progress bar and Stop (finished cells stay; cells that never
// ran read "not run"). A cell opens beside the matrix with its assertions, expected against actual, and its run.
import type { SuiteSummary } from '../../../../shared/ipc/cases'
import { FORMAT_LABELS, type WireFormat } from '../../../../shared/format'
import { useAppStore } from '../../stores/app'
import { cellKey, matrixPlan, targetErrors, useCasesStore, type MatrixState } from '../../stores/cases'
import { useHistoryStore } from '../../stores/history'
import { activeProfile, useProfilesStore } from '../../stores/profiles'
import { describeAssertion } from './assertionText'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'
import { FormatOptions, ProfileOptions } from '../../components/selectOptions/SelectOptions'
import { ModelPicker } from '../../widgets/modelPicker/ModelPicker'
import { billedSumText, billedText, type BilledCost } from '../../../../shared/cost/billed'
import { CostEstimate } from '../../widgets/costEstimate/CostEstimate'
import { confirmBudget } from '../../widgets/costEstimate/confirmBudget'

export function MatrixSection({ suite }: { suite: SuiteSummary }) {
  const s = useCasesStore()
  const profiles = useProfilesStore((p) => p.profiles)
  const active = useProfilesStore(activeProfile)
  const profileIds = profiles.map((p) => p.id)
  const errors = targetErrors(s.targets, s.concurrency, profileIds)
  const shown = (field: string) => (s.attempted || s.touched[field] ? errors[field] : undefined)
  const running = !!s.matrix && !s.matrix.ended
  const presetModel = suite.cases[0]?.model ?? ''
  const plan = matrixPlan(suite, s.targets, profileIds)
  return (
    <section className="matrix-section" aria-label="Run the suite">
      <h3>Run against targets</h3>
      <div className="cases-inline">
        <button type="button" onClick={() => s.allFormats(presetModel, active?.id ?? profiles[0]?.id ?? '')}>
          All four formats
        </button>
        <button
          type="button"
          onClick={() => s.addTarget({ profileId: active?.id ?? '', model: presetModel })}
        >
          Add target
        </button>
      </div>
      {s.targets.length > 0 && (
        <table className="targets-table">
          <thead>
            <tr>
              <th>#</th>
              <th>Format</th>
              <th>Model</th>
              <th>Profile</th>
              <th>
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {s.targets.map((t, i) => (
              <tr key={t.key}>
                <td>{i + 1}</td>
                <td>
                  <select
                    aria-label={`Target ${i + 1} format`}
                    value={t.format}
                    onChange={(e) => s.setTarget(t.key, { format: e.target.value as WireFormat })}
                  >
                    <FormatOptions />
                  </select>
                </td>
                <td>
                  <ModelPicker
                    ariaLabel={`Target ${i + 1} model`}
                    kind="text"
                    value={t.model}
                    className="mono"
                    profileId={t.profileId || active?.id || null}
                    invalid={!!shown(`${t.key}.model`)}
                    onChange={(model) => s.setTarget(t.key, { model })}
                  />
                  {shown(`${t.key}.model`) && <span className="field-error">{shown(`${t.key}.model`)}</span>}
                </td>
                <td>
                  <select
                    aria-label={`Target ${i + 1} profile`}
                    value={t.profileId}
                    aria-invalid={!!shown(`${t.key}.profile`) || undefined}
                    onChange={(e) => s.setTarget(t.key, { profileId: e.target.value })}
                  >
                    <option value="">Choose…</option>
                    <ProfileOptions profiles={profiles} />
                  </select>
                  {shown(`${t.key}.profile`) && (
                    <span className="field-error">{shown(`${t.key}.profile`)}</span>
                  )}
                </td>
                <td>
                  <button
                    type="button"
                    className="ghost"
                    aria-label={`Remove target ${i + 1}`}
                    onClick={() => s.removeTarget(t.key)}
                  >
                    ✕
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="cases-inline">
        <label className="cases-inline">
          At most at once
          <input
            className="concurrency"
            inputMode="numeric"
            value={s.concurrency}
            aria-invalid={!!shown('concurrency') || undefined}
            onChange={(e) => s.setConcurrency(e.target.value)}
          />
        </label>
        {shown('concurrency') && <span className="field-error">{shown('concurrency')}</span>}
        <button
          type="button"
          className="primary"
          disabled={running || suite.cases.length === 0}
          onClick={async () => {
            // Past a profile's monthly budget, the user says so before anything is sent.
            const st = useCasesStore.getState()
            if (!(await confirmBudget(matrixPlan(suite, st.targets, profileIds), 'This suite run'))) return
            void st.run(profileIds)
          }}
        >
          Run suite
        </button>
        {running && (
          <button
            type="button"
            className="danger"
            disabled={s.matrix!.stopping}
            onClick={() => void s.stop()}
          >
            {s.matrix!.stopping ? 'Stopping…' : 'Stop'}
          </button>
        )}
      </div>
      {plan && (
        <p className="small muted">
          {/* Read again once a matrix ends: it changed this month's spend. */}
          <CostEstimate load={{ ...plan, key: `${plan.key} ${s.matrix?.ended ? s.matrix.id : ''}` }} />
        </p>
      )}
      {s.matrix && <MatrixView matrix={s.matrix} />}
    </section>
  )
}

const profileName = (id: string) => useProfilesStore.getState().profiles.find((p) => p.id === id)?.name ?? id

function cellLabel(matrix: MatrixState, key: string): { text: string; className: string } {
  const cell = matrix.cells[key]
  if (!cell)
    return matrix.ended
      ? { text: 'not run', className: 'notrun' }
      : { text: 'running…', className: 'pending' }
  switch (cell.status) {
    case 'pass':
      return { text: 'pass', className: 'pass' }
    case 'fail':
      return { text: 'FAIL', className: 'fail' }
    case 'error':
      return { text: 'FAIL (run failed)', className: 'fail' }
    case 'stopped':
      return cell.runId ? { text: 'stopped', className: 'notrun' } : { text: 'not run', className: 'notrun' }
  }
}

function MatrixView({ matrix }: { matrix: MatrixState }) {
  const openCell = useCasesStore((s) => s.openCell)
  const setOpenCell = useCasesStore((s) => s.setOpenCell)
  const done = Object.keys(matrix.cells).length
  const cells = Object.values(matrix.cells)
  // Per target column and in all: what the cells' runs cost (priced in main from each run's reported usage).
  const billed = cells.filter((c) => c.cost)
  const columnCost = (ti: number) =>
    billedSumText(billed.filter((c) => c.targetIndex === ti).map((c) => c.cost))
  const total = billedSumText(
    billed.map((c) => c.cost),
    'nothing billed',
  )
  const summary = matrix.ended
    ? matrix.ended.error
      ? `Could not run: ${matrix.ended.error}`
      : `${matrix.ended.stopped ? 'Stopped' : 'Done'}: ${matrix.ended.passed} passed, ${matrix.ended.failed} failed${matrix.ended.notRun ? `, ${matrix.ended.notRun} not run` : ''}`
    : `Running: ${done} of ${matrix.size} cells`
  return (
    <div className="matrix">
      <div className="matrix-progress">
        <progress aria-label="Matrix progress" max={matrix.size} value={done} />
        <span
          role="status"
          data-testid="matrix-summary"
          className={matrix.ended?.error ? 'field-error' : undefined}
        >
          {summary}
        </span>
        {billed.length > 0 && (
          <span className="small" data-testid="matrix-cost">
            Cost: {total}
          </span>
        )}
      </div>
      <div className="matrix-scroll">
        <table className="matrix-table" aria-label={`Matrix of ${matrix.suiteName}`}>
          <thead>
            <tr>
              <th scope="col">Case</th>
              {matrix.targets.map((t, i) => (
                <th scope="col" key={t.key}>
                  <span className="matrix-target">
                    {i + 1}. {FORMAT_LABELS[t.format]}
                  </span>
                  <span className="muted small mono">{t.model}</span>
                  <span className="muted small">{profileName(t.profileId)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {matrix.caseNames.map((name, c) => (
              <tr key={c}>
                <th scope="row">{name}</th>
                {matrix.targets.map((t, ti) => {
                  const key = cellKey(c, ti)
                  const label = cellLabel(matrix, key)
                  return (
                    <td key={t.key}>
                      <button
                        type="button"
                        className={`matrix-cell ${label.className}${openCell === key ? ' open' : ''}`}
                        data-testid="matrix-cell"
                        data-status={label.className}
                        aria-label={`${name} on target ${ti + 1} (${FORMAT_LABELS[t.format]}): ${label.text}${
                          matrix.cells[key]?.cost ? `, cost ${billedText(matrix.cells[key].cost)}` : ''
                        }`}
                        aria-pressed={openCell === key}
                        disabled={!matrix.cells[key]}
                        onClick={() => setOpenCell(openCell === key ? null : key)}
                      >
                        {label.text}
                        {matrix.cells[key]?.cost && (
                          <span className="matrix-cell-cost" data-testid="matrix-cell-cost">
                            {billedText(matrix.cells[key].cost)}
                          </span>
                        )}
                      </button>
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
          {billed.length > 0 && (
            <tfoot>
              <tr>
                <th scope="row">Cost</th>
                {matrix.targets.map((t, ti) => (
                  <td key={t.key} className="small" data-testid="matrix-column-cost">
                    {columnCost(ti)}
                  </td>
                ))}
              </tr>
            </tfoot>
          )}
        </table>
      </div>
      {openCell && matrix.cells[openCell] && <CellDetail matrix={matrix} cellKeyOpen={openCell} />}
    </div>
  )
}

/** The cell's cost in the detail: its amount, or why it has none. */
function costSentence(cost: BilledCost): string {
  switch (cost.kind) {
    case 'priced':
      return `Cost ${billedText(cost)}.`
    case 'unbilled':
      return 'Nothing billed (the run failed before billing).'
    case 'unpriced':
      return `Cost unknown: no price for ${cost.model} (set one in Settings → Prices).`
    case 'unreported':
      return 'Cost unknown: the gateway reported no usage.'
  }
}

function CellDetail({ matrix, cellKeyOpen }: { matrix: MatrixState; cellKeyOpen: string }) {
  const cell = matrix.cells[cellKeyOpen]!
  const target = matrix.targets[cell.targetIndex]!
  const openRun = () => {
    if (!cell.runId) return
    void useHistoryStore.getState().openRun(cell.runId)
    useAppStore.getState().setPanel('history')
  }
  const failed = cell.results.filter((r) => !r.pass)
  return (
    <section className="cell-detail" aria-label="Cell details">
      <header className="cases-inline">
        <h4>
          {matrix.caseNames[cell.caseIndex]} · {FORMAT_LABELS[target.format]} · {target.model} ·{' '}
          {profileName(target.profileId)}
        </h4>
        {cell.runId && (
          <button type="button" onClick={openRun}>
            Open run in History
          </button>
        )}
      </header>
      <ErrorBanner what="The run failed">{cell.error}</ErrorBanner>
      {cell.status !== 'stopped' && (
        <p className="small">
          {failed.length === 0 && cell.status === 'pass'
            ? 'Every assertion passed.'
            : `${failed.length} of ${cell.results.length} assertion${cell.results.length === 1 ? '' : 's'} failed.`}
          {cell.totalMs !== null && ` Total ${cell.totalMs} ms.`}
          {cell.cost && ` ${costSentence(cell.cost)}`}
        </p>
      )}
      <table className="assertion-results">
        <thead>
          <tr>
            <th scope="col">Result</th>
            <th scope="col">Expected</th>
            <th scope="col">Actual</th>
          </tr>
        </thead>
        <tbody>
          {cell.results.map((r, i) => (
            <tr key={i} className={r.pass ? 'pass' : 'fail'} data-testid="assertion-result">
              <td>{r.pass ? 'pass' : 'FAIL'}</td>
              <td>{describeAssertion(r.assertion)}</td>
              <td>{r.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <details className="cell-answer">
        <summary className="small">Answer{cell.answer.length >= 2000 ? ' (start)' : ''}</summary>
        <pre className="mono small">{cell.answer || '(no answer text)'}</pre>
      </details>
    </section>
  )
}
