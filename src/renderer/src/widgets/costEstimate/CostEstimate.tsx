// The cost estimate a batch panel shows before Start, read again from main (debounced) whenever the planned
// work changes: the total, what has no price, what is assumed and left out, each profile's budget this month,
// and whether Start will ask. The plan is the panel's own, or one main makes (`load`: a suite's cases, a check's
// probes), named by a key that changes when the work does.
import { useEffect, useState } from 'react'
import type { PlannedWork, PlanSource } from '../../../../shared/cost/estimate'
import { estimateAll } from './confirmBudget'
import { estimateWords } from './estimateWords'

export function CostEstimate({ planned, load }: { planned?: PlannedWork | null; load?: PlanSource | null }) {
  const key = load ? `load:${load.key}` : planned ? JSON.stringify(planned) : ''
  const loadRef = load?.load
  // The words of the estimate read for a plan; shown only while that plan is still the one on screen.
  const [read, setRead] = useState<{ key: string; words: string } | null>(null)
  useEffect(() => {
    if (!key) return
    const setWords = (words: string) => setRead({ key, words })
    let stale = false
    const timer = setTimeout(() => {
      const plan = loadRef ? loadRef() : Promise.resolve(JSON.parse(key) as PlannedWork)
      plan
        .then(async (work) => ({ work, estimates: await estimateAll(work) }))
        .then(
          ({ work, estimates }) => {
            if (stale) return
            setWords(
              estimates.length
                ? estimateWords(estimates, work.leftOut, work.assumed)
                : work.leftOut.length
                  ? `Cost estimate: not made before the run: ${work.leftOut.join('; ')}.`
                  : 'Cost estimate: nothing to price.',
            )
          },
          (error: unknown) =>
            !stale &&
            setWords(
              `Cost estimate: could not be made${error instanceof Error ? ` (${error.message})` : ''}.`,
            ),
        )
    }, 200)
    return () => {
      stale = true
      clearTimeout(timer)
    }
    // The loader goes with its key: a new key brings the loader that reads it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])
  const words = read?.key === key ? read.words : null
  if (!key) return null
  return (
    <span className="cost-estimate" data-testid="cost-estimate" aria-live="polite">
      {words ?? 'Cost estimate: …'}
    </span>
  )
}
