// The Load test panel: plan a test (LoadFormView), start it (Esc or Stop stops it, keeping what finished), watch
// the levels fill as requests end (main sends them a few times a second), then read the run as a table, as curves
// against the load (the knee marked) with a histogram per level, and as a timeline of every request (a click opens
// its exchange in the Inspector); export, compare with another run, import Locust's results; reopen kept runs.
import { useEffect, useMemo, useState } from 'react'
import type { LevelFigures } from '../../../../shared/load/levels'
import { isSimulatorProfile, levelLabel, targetLabel } from '../../../../shared/load/plan'
import { useProfilesStore, activeProfile } from '../../stores/profiles'
import { loadWork, sameSetup, useLoadStore } from '../../stores/load'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'
import { confirmBudget } from '../../widgets/costEstimate/confirmBudget'
import { Tabs } from '../../components/tabs/Tabs'
import { LoadFormView } from './LoadFormView'
import { LevelsTable } from './LevelsTable'
import { CurveCharts } from './CurveCharts'
import { Timeline } from './Timeline'
import { RequestDetail } from './RequestDetail'
import { RunActions } from './RunActions'
import { costSoFar, LoadCost } from './LoadCost'
import { KeptRunNotice } from './KeptRunNotice'
import './load.css'

type View = 'levels' | 'charts' | 'timeline'

const STATUS_WORDS = {
  running: 'Running',
  done: 'Finished',
  stopped: 'Stopped',
  failed: 'Failed',
  interrupted: 'Interrupted',
}

export function LoadPanel() {
  const s = useLoadStore()
  const profiles = useProfilesStore((p) => p.profiles)
  const active = useProfilesStore(activeProfile)
  const [view, setView] = useState<View>('levels')
  const run = s.run
  const running = !!run?.live
  const setTarget = s.setTarget
  const firstProfile = s.form.targets[0]?.profileId
  useEffect(() => {
    // Read now, not from this render: a saved set-up restored since (after a reload) already names its profile.
    if (active && !useLoadStore.getState().form.targets[0]?.profileId) setTarget(0, { profileId: active.id })
  }, [active, firstProfile, setTarget])
  const loadRuns = s.loadRuns
  useEffect(() => {
    void loadRuns()
  }, [loadRuns, run?.live])

  const runLevels = run?.levels
  const levels: LevelFigures[] = useMemo(() => Object.values(runLevels ?? {}), [runLevels])
  const report = run?.report ?? null
  const formTargets = s.form.targets
  const targets = useMemo(() => {
    if (report) return report.targets
    return formTargets.map((t) => ({
      profile: profiles.find((p) => p.id === t.profileId)?.name ?? '',
      baseUrl: '',
      model: t.model,
      format: t.format,
      stream: t.stream,
    }))
  }, [report, formTargets, profiles])
  const mode = run?.report?.plan.shape.mode ?? s.form.mode
  const current = levels.find((l) => l.step === run?.step)
  const progressMax = run?.expected ?? null
  const errorsNow = levels.reduce((sum, l) => sum + Object.values(l.errors).reduce((a, b) => a + b, 0), 0)

  return (
    <section
      className="panel load-panel"
      aria-label="Load test"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && running) void s.stop()
      }}
    >
      <header className="load-head">
        <h2>Load test</h2>
        <p className="muted small">
          Speed under load, measured as the serving benchmarks define it: time to first token, time per output
          token, throughput and errors at each concurrency or request rate, for any profile, model and format.
        </p>
      </header>
      <form
        onSubmit={async (e) => {
          e.preventDefault()
          // Past a profile's monthly budget, the user says so before anything is sent.
          if (!(await confirmBudget(loadWork(useLoadStore.getState().form), 'This load test'))) return
          void s.start(
            profiles.map((p) => p.id),
            profiles.filter(isSimulatorProfile).map((p) => p.id),
          )
        }}
      >
        <LoadFormView profiles={profiles} running={running} />
        <div className="load-buttons">
          {running ? (
            <button type="button" className="danger" onClick={() => void s.stop()} disabled={run.stopping}>
              {run.stopping ? 'Stopping…' : 'Stop'}
            </button>
          ) : (
            <button type="submit" className="primary">
              Start load test
            </button>
          )}
          <label>
            Kept runs
            <select
              value=""
              disabled={running}
              onFocus={() => void s.loadRuns()}
              onChange={(e) => e.target.value && void s.openRun(e.target.value)}
            >
              <option value="">{s.runs.length ? `Open one of ${s.runs.length}…` : 'none yet'}</option>
              {s.runs.map((r) => (
                <option key={r.runId} value={r.runId}>
                  {new Date(r.startedAt).toLocaleString()} · {r.name} ({STATUS_WORDS[r.status]}, {r.requests}{' '}
                  requests)
                </option>
              ))}
            </select>
          </label>
        </div>
      </form>
      <ErrorBanner>{s.error}</ErrorBanner>
      {run && (
        <div className="load-status" role="status" aria-live="polite">
          {progressMax !== null && (
            <progress max={Math.max(progressMax, 1)} value={run.sent} aria-label="Requests sent" />
          )}
          <span data-testid="load-progress">
            {run.live
              ? `${run.stopping ? 'Stopping' : 'Running'}: ${run.sent}${progressMax !== null ? ` of ${progressMax}` : ''} requests sent` +
                (current
                  ? `, now ${targetLabel(targets[current.targetIndex] ?? targets[0]!)} at ${levelLabel(current.mode, current.level)}`
                  : '') +
                ` · ${errorsNow} failed · ${(run.elapsedMs / 1000).toFixed(1)} s` +
                (current && current.requestThroughput !== null
                  ? ` · ${current.requestThroughput.toFixed(2)} req/s at this level`
                  : '') +
                (run.targetCosts ? ` · cost so far ${costSoFar(run.targetCosts)}` : '')
              : `${STATUS_WORDS[run.status]}${run.report ? ` "${run.report.name}"` : ''}: ${run.sent} requests in ${(run.elapsedMs / 1000).toFixed(1)} s` +
                (run.status === 'stopped'
                  ? ' (requests in flight at the stop are left out of the figures)'
                  : '') +
                (run.error ? ` · ${run.error}` : '')}
          </span>
        </div>
      )}
      {run?.kept && run.report && !sameSetup(s.form, run.report.plan) && (
        <KeptRunNotice report={run.report} onUse={s.useRunSetup} />
      )}
      {run?.targetCosts && <LoadCost targets={targets} costs={run.targetCosts} live={run.live} />}
      {run && levels.length > 0 && (
        <div className={`load-body${s.openIndex !== null ? ' with-detail' : ''}`}>
          <div className="load-views">
            <Tabs<View>
              label="Results"
              selected={view}
              onSelect={setView}
              tabs={[
                {
                  id: 'levels',
                  label: 'Levels',
                  render: () => <LevelsTable levels={levels} targets={targets} locust={s.locust} />,
                },
                {
                  id: 'charts',
                  label: 'Curves',
                  render: () => (
                    <CurveCharts
                      levels={levels}
                      targets={targets}
                      mode={mode}
                      pointsVersion={s.pointsVersion}
                    />
                  ),
                },
                {
                  id: 'timeline',
                  label: 'Timeline',
                  render: () => <Timeline pointsVersion={s.pointsVersion} onOpen={(i) => s.openRequest(i)} />,
                },
              ]}
            />
          </div>
          {s.openIndex !== null && (
            <RequestDetail runId={run.runId} index={s.openIndex} onClose={() => s.openRequest(null)} />
          )}
        </div>
      )}
      {run && !run.live && run.report && <RunActions />}
    </section>
  )
}
