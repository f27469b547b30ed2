// Above a kept run's results: whose set-up they are (the form above holds the user's own, which may differ), in
// words: its targets, levels, requests per level, warm-up, prompts and output length; "Use this set-up" puts it in
// the form to run it again or change it.
import { targetLabel } from '../../../../shared/load/plan'
import type { LoadReport } from '../../../../shared/load/report'

function setupWords(report: LoadReport): string[] {
  const { plan } = report
  const { shape } = plan
  const prompts =
    plan.prompts.kind === 'synthetic'
      ? `synthetic prompts of ${plan.prompts.inputTokens} tokens`
      : plan.prompts.kind === 'case'
        ? 'the prompts of a saved case'
        : `the prompts of ${plan.prompts.name || 'a file'}`
  return [
    `${report.targets.length} target${report.targets.length === 1 ? '' : 's'}: ${report.targets.map((t) => targetLabel(t, t.profile)).join('; ')}`,
    `${shape.levels.join(', ')} ${shape.mode === 'concurrency' ? 'concurrent' : 'req/s'}, ${shape.amount} ${shape.per} per level` +
      (shape.warmup ? ` after ${shape.warmup} warm-up` : ''),
    `${prompts}, max tokens ${plan.maxTokens}${plan.simTokens ? ' (asked of the simulator)' : ''}`,
  ]
}

export function KeptRunNotice({ report, onUse }: { report: LoadReport; onUse(): void }) {
  return (
    <section className="load-kept" aria-label="Kept run's set-up" data-testid="load-kept">
      <p>
        <strong>These results are a kept run's</strong> (started {new Date(report.startedAt).toLocaleString()}
        ); the form above holds your own set-up. This run's set-up:
      </p>
      <ul>
        {setupWords(report).map((w) => (
          <li key={w}>{w}</li>
        ))}
      </ul>
      <button type="button" className="small" onClick={onUse}>
        Use this set-up
      </button>
    </section>
  )
}
