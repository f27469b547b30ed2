// The Gateway check panel: pick a profile and models (empty means the catalog's; the picker offers the
// gateway's own list first), tick the probes that cost
// money, run; the matrix fills cell by cell with a progress bar, Stop keeps the finished cells, a cell opens
// its exchanges in the Inspector (and a text cell can be saved as a case); the report exports as Markdown or
// JSON and diffs against an earlier check or an exported report.
import { useEffect, useMemo, useState } from 'react'
import { countCells } from '../../../../shared/check/model'
import { billedSumText } from '../../../../shared/cost/billed'
import { activeProfile, useProfilesStore } from '../../stores/profiles'
import { checkFormErrors, checkPlan, modelList, useCheckStore } from '../../stores/check'
import { CostEstimate } from '../../widgets/costEstimate/CostEstimate'
import { confirmBudget } from '../../widgets/costEstimate/confirmBudget'
import { CheckMatrix } from './CheckMatrix'
import { CellDetail } from './CellDetail'
import { ReportActions } from './ReportActions'
import './check.css'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'
import { ModelPicker } from '../../widgets/modelPicker/ModelPicker'
import { ProfileOptions } from '../../components/selectOptions/SelectOptions'

export function CheckPanel() {
  const s = useCheckStore()
  const profiles = useProfilesStore((p) => p.profiles)
  const active = useProfilesStore(activeProfile)
  const profileIds = profiles.map((p) => p.id)
  const setForm = s.setForm
  useEffect(() => {
    if (!s.form.profileId && active) setForm({ profileId: active.id })
  }, [active, s.form.profileId, setForm])
  const errors = checkFormErrors(s.form, profileIds)
  const shown = (field: string) => (s.attempted || s.touched[field] ? errors[field] : undefined)
  const run = s.run
  const running = !!run && !run.ended
  const cells = useMemo(() => Object.values(run?.cells ?? {}), [run?.cells])
  const counts = countCells(cells)
  // Cells found not to apply while the check ran (a row whose model is not there) leave the count too.
  const runnable = run ? run.plan.filter((p) => !p.skip && run.cells[p.key]?.status !== 'skipped').length : 0
  const done = cells.filter((c) => c.status !== 'skipped').length
  const profile = profiles.find((p) => p.id === s.form.profileId)
  const models = modelList(s.form.models)
  const plan = checkPlan(s.form, profileIds)
  const loadReports = s.loadReports
  const ended = !!run?.ended
  const [adding, setAdding] = useState('')
  useEffect(() => {
    if (ended) void loadReports()
  }, [ended, loadReports])

  return (
    <section
      className="panel check-panel"
      aria-label="Gateway check"
      onKeyDown={(e) => {
        // Esc from anywhere in the panel stops a running check (keyboard first, as in Text and Compare).
        if (e.key === 'Escape' && running) void s.stop()
      }}
    >
      <header className="check-head">
        <h2>Gateway check</h2>
        <p className="muted small">
          Small probes per model and format, judged against the gateway&apos;s interface spec: what each model
          can do through which format, and whether every answer is on the wire as the spec says.
        </p>
      </header>
      <form
        className="check-form"
        aria-label="Check settings"
        onSubmit={async (e) => {
          e.preventDefault()
          // Past the profile's monthly budget, the user says so before any probe is sent.
          if (
            !running &&
            !(await confirmBudget(checkPlan(useCheckStore.getState().form, profileIds), 'This check'))
          )
            return
          void s.start(profileIds, profile?.name ?? '')
        }}
      >
        <label>
          Profile
          <select
            value={s.form.profileId}
            aria-invalid={!!shown('profileId') || undefined}
            onChange={(e) => setForm({ profileId: e.target.value })}
            onBlur={() => s.touch('profileId')}
            disabled={running}
          >
            <option value="">Choose…</option>
            <ProfileOptions profiles={profiles} />
          </select>
          {shown('profileId') && <span className="field-error">{shown('profileId')}</span>}
        </label>
        <label className="check-models">
          Models
          <input
            value={s.form.models}
            placeholder="empty: the catalog's text models, embeddings and rerank"
            aria-describedby="check-models-hint"
            aria-invalid={!!shown('models') || undefined}
            onChange={(e) => setForm({ models: e.target.value })}
            onBlur={() => s.touch('models')}
            disabled={running}
          />
          <span id="check-models-hint" className="muted small">
            {models.length
              ? `${models.length} model${models.length === 1 ? '' : 's'}; a group you name none of (text, embeddings, rerank, video) uses the catalog's.`
              : 'Commas or spaces between ids. Text models are probed through the formats the catalog gives them, others through all four.'}
          </span>
          {shown('models') && <span className="field-error">{shown('models')}</span>}
        </label>
        {/* The profile's models, its gateway's own list first (when it has one), added to the ids above. */}
        <div className="check-add-model">
          <span aria-hidden>Add from the profile&apos;s models</span>
          <ModelPicker
            value={adding}
            onChange={setAdding}
            clearOnPick
            onPick={(m) => {
              if (!models.includes(m)) setForm({ models: [...models, m].join(', ') })
            }}
            profileId={s.form.profileId || null}
            ariaLabel="Add a model to check"
            placeholder="Add a model (the gateway's own first)"
          />
        </div>
        <fieldset className="check-paid" disabled={running}>
          <legend>Probes that cost money (run only when ticked, never retried)</legend>
          <label>
            <input
              type="checkbox"
              checked={s.form.video}
              onChange={(e) => setForm({ video: e.target.checked })}
            />
            One video job per family
          </label>
          <label>
            <input
              type="checkbox"
              checked={s.form.images}
              onChange={(e) => setForm({ images: e.target.checked })}
            />
            One console image task
          </label>
        </fieldset>
        <label className="check-concurrency">
          At a time
          <input
            inputMode="numeric"
            value={s.form.concurrency}
            aria-invalid={!!shown('concurrency') || undefined}
            onChange={(e) => setForm({ concurrency: e.target.value })}
            onBlur={() => s.touch('concurrency')}
            disabled={running}
          />
          {shown('concurrency') && <span className="field-error">{shown('concurrency')}</span>}
        </label>
        <div className="check-buttons">
          {running ? (
            <button type="button" className="danger" onClick={() => void s.stop()} disabled={run.stopping}>
              {run.stopping ? 'Stopping…' : 'Stop'}
            </button>
          ) : (
            <button type="submit" className="primary">
              Run check
            </button>
          )}
        </div>
      </form>
      {!running && plan && (
        <p className="small muted check-estimate">
          {/* Read again once a check ends: it changed this month's spend. */}
          <CostEstimate load={{ ...plan, key: `${plan.key} ${run?.id ?? ''}` }} />
        </p>
      )}
      <ErrorBanner>{s.error}</ErrorBanner>
      {run && (
        <div className="check-status" role="status" aria-live="polite">
          <progress max={Math.max(runnable, 1)} value={done} aria-label="Probes finished" />
          <span data-testid="check-progress">
            {run.ended
              ? run.ended.error && run.plan.length === 0
                ? 'The check did not start.'
                : `${run.ended.stopped ? 'Stopped' : 'Finished'}: ${done} of ${runnable} probes in ${(run.ended.durationMs / 1000).toFixed(1)} s`
              : `${run.plan.length ? `${done} of ${runnable} probes` : 'Planning…'}${run.stopping ? ' (stopping)' : ''}`}
          </span>
          <span className="check-counts">
            <span className="cell-supported">{counts.supported} supported</span>
            <span className="cell-refused">{counts.refused} refused</span>
            <span className="cell-deviating">{counts.deviating} deviating</span>
            <span className="cell-failed">{counts.failed} failed</span>
            {counts.stopped > 0 && <span className="cell-stopped">{counts.stopped} not run</span>}
          </span>
          {cells.some((c) => c.cost) && (
            <span className="check-total-cost" data-testid="check-cost">
              Cost:{' '}
              {billedSumText(
                cells.map((c) => c.cost),
                'nothing billed',
              )}
            </span>
          )}
        </div>
      )}
      {run && run.plan.length > 0 && (
        <div className={`check-body${s.openKey ? ' with-detail' : ''}`}>
          <CheckMatrix run={run} openKey={s.openKey} onOpen={s.open} />
          {s.openKey && run.cells[s.openKey] && (
            <CellDetail
              key={s.openKey}
              checkId={run.id}
              cell={run.cells[s.openKey]!}
              onClose={() => s.open(null)}
            />
          )}
        </div>
      )}
      {run?.ended && run.plan.length > 0 && <ReportActions />}
    </section>
  )
}
