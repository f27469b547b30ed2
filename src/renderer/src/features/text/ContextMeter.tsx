// How big the next request is. The meter beside Send keeps the local tokenizer's estimate of it in view (the
// conversation, the system prompt, the tools and the message being typed), beside the model's context window
// where the model list knows it, and warns before Send when it would not fit (Send still sends). It is counted
// in main a moment after the last change: a keystroke only restarts a timer, so typing stays instant however
// long the conversation. "Count tokens" asks the gateway itself where the format has a count endpoint.
import { memo, useEffect, useState } from 'react'
import { countNextRequest, useTextStore } from '../../stores/text'
import { useProfilesStore } from '../../stores/profiles'
import { useModelInfo } from '../../widgets/modelPicker/ModelNote'
import { tokenCount } from '../../widgets/modelPicker/modelFacts'

/** How long after the last change the meter counts again. */
const SETTLE_MS = 400

type TextState = ReturnType<typeof useTextStore.getState>

/** Whether what the next request would send changed between two states of the store. */
function requestChanged(next: TextState, prev: TextState): boolean {
  return (
    next.composer !== prev.composer ||
    next.messages !== prev.messages ||
    next.system !== prev.system ||
    next.attachments !== prev.attachments ||
    next.format !== prev.format ||
    next.model !== prev.model ||
    next.toolsText !== prev.toolsText ||
    next.rawBody !== prev.rawBody ||
    next.variables !== prev.variables
  )
}

/** The live estimate of the next request's input tokens, counted again a moment after each change. */
function useLiveCount(): number | null {
  const [tokens, setTokens] = useState<number | null>(null)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    let asked = 0
    const measure = async () => {
      const mine = ++asked
      const r = await (countNextRequest(true) ?? Promise.resolve(null)).catch(() => null)
      // An answer overtaken by a later change is dropped; a failed count leaves the meter out rather than wrong.
      if (mine !== asked) return
      setTokens(r?.ok ? r.value.inputTokens : null)
    }
    const schedule = () => {
      clearTimeout(timer)
      timer = setTimeout(() => void measure(), SETTLE_MS)
    }
    schedule()
    const stopText = useTextStore.subscribe((next, prev) => {
      if (requestChanged(next, prev) || next.profileId !== prev.profileId) schedule()
    })
    const stopProfiles = useProfilesStore.subscribe((next, prev) => {
      if (next.activeId !== prev.activeId) schedule()
    })
    return () => {
      stopText()
      stopProfiles()
      clearTimeout(timer)
      asked++
    }
  }, [])
  return tokens
}

const grouped = (n: number) => n.toLocaleString('en-US')

/**
 * Beside Send: "≈ 1,234 / 128K tokens" (of the context window), and above the buttons a warning when the next request would not
 * fit the model's context window, or would leave the answer less room than Max tokens asks for.
 */
export const ContextMeter = memo(function ContextMeter() {
  const tokens = useLiveCount()
  const model = useTextStore((s) => s.model.trim())
  const maxTokens = useTextStore((s) => s.params.maxTokens)
  const activeId = useProfilesStore((p) => p.activeId)
  const profileId = useTextStore((s) => s.profileId) ?? activeId
  const window = useModelInfo(profileId, model, 'text')?.contextWindow
  if (tokens === null) return null
  const warning = window === undefined ? null : fitWarning(tokens, window, model, maxTokens)
  return (
    <>
      <span
        className={`muted small context-meter${tokens > (window ?? Infinity) ? ' over' : ''}`}
        data-testid="context-meter"
        title="The next request's input tokens (the conversation, system prompt, tools and the message you are typing), estimated on this computer, of the model's context window (from the model list)"
      >
        ≈ {grouped(tokens)}
        {window ? ` / ${tokenCount(window)}` : ''} tokens
      </span>
      {warning && (
        <p className="warn-banner small context-warning" role="status" data-testid="context-warning">
          {warning}
        </p>
      )}
    </>
  )
})

/** What to say when the next request would not fit the window, or would leave less room than Max tokens asks. */
function fitWarning(
  tokens: number,
  window: number,
  model: string,
  maxTokens: number | undefined,
): string | null {
  if (tokens > window)
    return `The next request is about ${grouped(tokens)} tokens; ${model}'s context window is ${grouped(window)}: it may be refused or cut. You can still send.`
  if (maxTokens !== undefined && tokens + maxTokens > window)
    return `The next request is about ${grouped(tokens)} tokens: ${model}'s context window of ${grouped(window)} leaves ${grouped(window - tokens)} for the answer, less than Max tokens (${grouped(maxTokens)}). The answer may be cut short.`
  return null
}

/** Count tokens: the gateway's own count where the format has an endpoint for it, else the local estimate. */
export function TokenCount() {
  const [state, setState] = useState<{ text: string; busy: boolean }>({ text: '', busy: false })
  // A count belongs to the request it was made for: any change to what would be sent clears it.
  useEffect(() => {
    return useTextStore.subscribe((next, prev) => {
      if (requestChanged(next, prev)) setState((old) => (old.text ? { text: '', busy: false } : old))
    })
  }, [])
  const count = async () => {
    const s = useTextStore.getState()
    // What Send would send: the edited Request JSON when there is one, else the form's draft.
    if (s.rawBody === null && s.draft(true).draft.messages.length === 0)
      return setState({ text: 'Nothing to count: write a message first.', busy: false })
    setState({ text: '', busy: true })
    const result = await countNextRequest(false)
    if (!result) return setState({ text: '', busy: false })
    setState({
      busy: false,
      text: result.ok
        ? `${result.value.inputTokens} input tokens${result.value.source === 'estimate' ? ' (estimate)' : ''}`
        : result.error.message,
    })
  }
  return (
    <span className="token-count">
      <button className="ghost" onClick={() => void count()} disabled={state.busy}>
        Count tokens
      </button>
      <span className="muted small" data-testid="token-count" role="status">
        {state.text}
      </span>
    </span>
  )
}
