// A recorded call or job opened: for kinds without a conversation (embeddings, rerank, video, console image
// tasks) its input, the result in words with its reference (counts, media ids, sizes; never vectors or bytes)
// and the body as sent, each copyable. The text is shown as plain text, never as markup.
import type { HistoryRun } from '../../../../shared/ipc/history'
import { CopyButton } from '../../components/inspector/CopyButton'
import { layoutJson } from '../../components/inspector/jsonText'

export function RunResult({ run }: { run: HistoryRun }) {
  const { summary: _summary, ...facts } = (run.result ?? {}) as Record<string, unknown>
  const factsText = JSON.stringify(facts, null, 2)
  const body = run.requestBody === null ? null : (layoutJson(run.requestBody, 2) ?? run.requestBody)
  return (
    <>
      {run.prompt && (
        <section className="history-turn" aria-label="Input">
          <span className="badge">input</span>
          <p className="pre">{run.prompt}</p>
        </section>
      )}
      <section className="history-turn answer" aria-label="Result">
        <span className="badge">result</span>
        <p className="pre" data-testid="history-result-summary">
          {run.answer || 'No result.'}
        </p>
        {Object.keys(facts).length > 0 && (
          <div className="history-code">
            <CopyButton what="result" text={factsText} />
            <pre data-testid="history-result-facts">{factsText}</pre>
          </div>
        )}
      </section>
      {body !== null && (
        <section className="history-turn" aria-label="Request body">
          <span className="badge">request body</span>
          <div className="history-code">
            <CopyButton what="request body" text={run.requestBody ?? ''} />
            <pre data-testid="history-request-body">{body}</pre>
          </div>
        </section>
      )}
    </>
  )
}
