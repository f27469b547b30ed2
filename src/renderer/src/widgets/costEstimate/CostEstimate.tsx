// The cost estimate a batch panel shows before Start, read again from main (debounced) whenever the planned
// work changes: the total, what has no price, what is left out, and each profile's budget this month.
import { useEffect, useState } from 'react'
import type { PlannedWork } from '../../../../shared/cost/estimate'
import { estimateAll } from './confirmBudget'
import { estimateWords } from './estimateWords'

export function CostEstimate({ planned }: { planned: PlannedWork | null }) {
  const key = planned ? JSON.stringify(planned) : ''
  // The words of the estimate read for a plan; shown only while that plan is still the one on screen.
  const [read, setRead] = useState<{ key: string; words: string } | null>(null)
  useEffect(() => {
    if (!key) return
    const setWords = (words: string) => setRead({ key, words })
    const work = JSON.parse(key) as PlannedWork
    let stale = false
    const timer = setTimeout(() => {
      estimateAll(work).then(
        (estimates) => {
          if (stale) return
          setWords(
            estimates.length
              ? estimateWords(estimates, work.leftOut)
              : work.leftOut.length
                ? `Cost estimate: not made before the run: ${work.leftOut.join('; ')}.`
                : 'Cost estimate: nothing to price.',
          )
        },
        () => !stale && setWords('Cost estimate: could not be made.'),
      )
    }, 200)
    return () => {
      stale = true
      clearTimeout(timer)
    }
  }, [key])
  const words = read?.key === key ? read.words : null
  if (!planned) return null
  return (
    <span className="cost-estimate" data-testid="cost-estimate" aria-live="polite">
      {words ?? 'Cost estimate: …'}
    </span>
  )
}
