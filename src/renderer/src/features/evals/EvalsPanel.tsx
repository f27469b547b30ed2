// The Evals panel: a dataset whose columns fill a prompt's `{{variables}}`, run through variants (format, model,
// profile) and graded (text checks, a judge model with a rubric, similarity through embeddings), with progress
// and Stop, each column's figures, each cell's grades and the judge's reasons, the run exported, and the runs
// kept between sessions reopened and resumed.
import { useEffect } from 'react'
import { useEvalsStore } from '../../stores/evals'
import { activeProfile, useProfilesStore } from '../../stores/profiles'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'
import { DatasetSection } from './DatasetSection'
import { SetupSection } from './SetupSection'
import { ResultsSection } from './ResultsSection'
import { PastRuns } from './PastRuns'
import { RunDiffSection } from './RunDiffSection'
import './evals.css'

export function EvalsPanel() {
  const error = useEvalsStore((s) => s.error)
  const run = useEvalsStore((s) => s.run)
  const hasVariants = useEvalsStore((s) => s.variants.length > 0)
  const active = useProfilesStore(activeProfile)
  useEffect(() => {
    // A first variant on the active profile, so a newcomer sees what a variant is. The store is read again here:
    // a saved set-up may have come back between the render and this effect.
    const evals = useEvalsStore.getState()
    if (!hasVariants && active && evals.variants.length === 0) evals.addVariant(active.id)
  }, [hasVariants, active])
  return (
    <section className="panel evals-panel" aria-labelledby="evals-title">
      <header className="panel-header">
        <h1 id="evals-title">Evals</h1>
        <p className="muted">
          A prompt with <code>{'{{variables}}'}</code> run over every row of a dataset, through each variant,
          and graded: pass rates with their 95 % interval, scores, times and each grader&apos;s reason.
        </p>
      </header>
      <ErrorBanner>{error}</ErrorBanner>
      <DatasetSection />
      <SetupSection />
      {run && <ResultsSection run={run} />}
      <RunDiffSection />
      <PastRuns />
    </section>
  )
}
