// ‹ 2/3 ›: the versions of an answer Regenerate kept. The one shown is the one the next request sends; paging asks
// main to show another (validated IPC), so the choice is kept with the conversation. At the bound the pager says
// that the next Regenerate lets the oldest version go.
import type { DraftMessage } from '../../../../shared/wire'
import { ANSWER_VERSIONS_MAX } from '../../../../shared/wire/answerBound'
import { useTextStore } from '../../stores/text'

export function AnswerPager({
  message,
  index,
  disabled,
}: {
  message: DraftMessage
  index: number
  disabled: boolean
}) {
  const total = (message.alternates?.length ?? 0) + 1
  if (total < 2) return null
  const shown = Math.min(message.alternateAt ?? total - 1, total - 1)
  const show = (version: number) => void useTextStore.getState().showAnswer(index, version)
  return (
    <span className="answer-pager" role="group" aria-label={`Versions of turn ${index + 1}`}>
      <button
        className="ghost small"
        aria-label="Earlier version"
        title="Show the earlier version of this answer (the one shown is sent next)"
        disabled={disabled || shown === 0}
        onClick={() => show(shown - 1)}
      >
        ‹
      </button>
      <span className="small" data-testid="answer-version">
        {shown + 1}/{total}
      </span>
      <button
        className="ghost small"
        aria-label="Later version"
        title="Show the later version of this answer (the one shown is sent next)"
        disabled={disabled || shown === total - 1}
        onClick={() => show(shown + 1)}
      >
        ›
      </button>
      {total >= ANSWER_VERSIONS_MAX && (
        <span className="muted small" data-testid="answer-versions-bound">
          {ANSWER_VERSIONS_MAX} versions kept: the next Regenerate lets the oldest go
        </span>
      )}
    </span>
  )
}
