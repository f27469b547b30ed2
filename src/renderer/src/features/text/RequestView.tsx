// The request side: the exact body main would send next (from main's own builder, for the profile it would go
// to), editable as raw JSON that is then sent as written; after a reply, "last sent" beside it (the bytes the
// exchange record holds); validation issues once the user acted; the Inspector of the last exchange; and code
// export of either, with the key as an environment variable. A JSON syntax error is reported once, in place.
import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { RequestPreview } from '../../../../shared/ipc/text'
import type { Exchange } from '../../../../shared/ipc/exchange'
import { jsonSyntaxError } from '../../../../shared/jsonSyntax'
import {
  continuation as continuationFor,
  currentRun,
  profileInUse,
  useContinuation,
  useLiveExchange,
  useTextStore,
  withConversation,
} from '../../stores/text'
import { useProfilesStore } from '../../stores/profiles'
import { usePanelTab } from '../../stores/app'
import { textCalls } from '../../ipc/textCalls'
import { Loading } from '../../components/loading/Loading'
import type { Draft } from '../../../../shared/wire'
import { issueShown, loadRequestReaders, previewShown, requestVariables } from '../../stores/form'
import { responseFormatProblem, toolsProblem } from '../../components/draftFields/jsonField'
import { TabList } from '../../components/tabs/TabList'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'

// The Inspector and the code export are tabs behind the request JSON: each is fetched when first shown.
const Inspector = lazy(() =>
  import('../../components/inspector/Inspector').then((m) => ({ default: m.Inspector })),
)
/** The live frame list (virtualised) loads with the Inspector, not with the Text panel's first load. */
const LiveStreamTab = lazy(() => import('./LiveStreamTab').then((m) => ({ default: m.LiveStreamTab })))
/** The Code tab with the code exporter it runs. */
const RequestCode = lazy(() => import('./RequestCode').then((m) => ({ default: m.RequestCode })))
/** The tool calls' messages on their servers: loaded with the Inspector when the conversation has tool calls. */
const ToolCallMessages = lazy(() =>
  import('./ToolCallMessages').then((m) => ({ default: m.ToolCallMessages })),
)

type Tab = 'body' | 'inspector' | 'code'
const REQUEST_VIEWS: { id: Tab; label: string }[] = [
  { id: 'body', label: 'Request JSON' },
  { id: 'inspector', label: 'Inspector' },
  { id: 'code', label: 'Code' },
]
/** Which request the body and code views show: the one a Send would make, or the one last sent. */
type Which = 'next' | 'last'

export function RequestView() {
  const [tab, setTab] = usePanelTab<Tab>('text.request', ['body', 'inspector', 'code'], 'body')
  const [which, setWhich] = useState<Which>('next')
  const [preview, setPreview] = useState<RequestPreview | null>(null)
  const [previewError, setPreviewError] = useState<string | null>(null)
  const [unmapped, setUnmapped] = useState<{ draft: Draft; fields: string[] } | null>(null)
  // Everything the request is built from, and nothing the streaming run changes (P2).
  const inputs = useTextStore(
    useShallow((x) => ({
      format: x.format,
      model: x.model,
      stream: x.stream,
      system: x.system,
      cacheSystem: x.cacheSystem,
      messages: x.messages,
      composer: x.composer,
      attachments: x.attachments,
      params: x.params,
      toolsText: x.toolsText,
      responseFormatText: x.responseFormatText,
      extras: x.extras,
      rawBody: x.rawBody,
      profileId: x.profileId,
      variables: x.variables,
    })),
  )
  const shown = useTextStore(useShallow((x) => ({ touched: x.touched, attempted: x.attempted })))
  const sendRefusedForJson = useTextStore((x) => x.issues.some((i) => i.field === 'Request JSON'))
  const activeId = useProfilesStore((p) => p.activeId)
  const exchange = useTextStore((x) => currentRun(x)?.exchange ?? null)
  // Live until the run's exchange is here: it follows the end by a moment (undefined until then).
  const runningId = useTextStore((x) => {
    const run = currentRun(x)
    return run && (run.status === 'running' || run.exchange === undefined) ? run.runId : null
  })
  const liveRequest = useLiveExchange((x) => (runningId && x.runId === runningId ? x.request : null))
  const firstByteMs = useLiveExchange((x) => (runningId && x.runId === runningId ? x.firstByteMs : null))
  const state = useTextStore.getState()
  const { format, rawBody } = inputs
  const hasToolCalls = inputs.messages.some((m) => m.parts.some((p) => p.type === 'toolCall'))
  // draft() reads these same fields through getState(); `inputs` changes exactly when one of them does.
  // With "Continue from this response" on, the preview is the continued request Send will make.
  const continuation = useContinuation((c) => c.next)
  const draft = useMemo(
    () => useTextStore.getState().draft(true).draft,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [inputs, continuation],
  )

  useEffect(() => {
    let cancelled = false
    const timer = setTimeout(async () => {
      const profileId = profileInUse()
      if (!profileId || cancelled) return
      // Main holds the conversation's turns; only the composer's turn (after them) rides in the draft.
      const { messages, ...settings } = draft
      const composerTurns = messages.slice(inputs.messages.length)
      const continueFrom = continuationFor(format)
      let result: Awaited<ReturnType<typeof textCalls.previewRequest>>
      try {
        const answer = await withConversation((conversation) =>
          // Superseded while an edit was on its way: nothing more is asked of main.
          cancelled
            ? Promise.resolve(null)
            : textCalls.previewRequest({
                profileId,
                format,
                draft: { ...settings, messages: composerTurns },
                conversation,
                ...(continueFrom ? { continueFrom } : {}),
                ...(rawBody !== null ? { rawBody } : {}),
                ...requestVariables(draft, inputs.variables),
              }),
        )
        if (answer === null) return
        result = answer
      } catch (error) {
        result = {
          ok: false,
          error: { code: 'TRANSPORT', message: error instanceof Error ? error.message : String(error) },
        }
      }
      if (cancelled) return
      if (result.ok) {
        setPreview(result.value)
        setPreviewError(null)
      } else {
        // A preview for another profile or body must not stay on screen as if it were this one.
        setPreview(null)
        setPreviewError(result.error.message)
      }
    }, 250)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [draft, format, rawBody, inputs.profileId, inputs.messages, inputs.variables, activeId])

  // The readers of edited JSON are fetched as soon as there is edited JSON, so Apply and Send find them here.
  const edited = rawBody !== null
  useEffect(() => {
    if (edited) loadRequestReaders().catch(() => undefined)
  }, [edited])

  // Edited JSON back into the form: the format's own inverse of build, so the next send builds the same body.
  const applyToForm = async (text: string) => {
    const readers = await loadRequestReaders()
    const { draft: parsed, unmapped: fields } = readers[format].parseRequest(JSON.parse(text), {
      model: inputs.model,
      stream: inputs.stream,
    })
    if (fields.length > 0) return setUnmapped({ draft: parsed, fields })
    void useTextStore.getState().applyDraft(parsed)
  }

  const jsonError = rawBody !== null ? jsonSyntaxError(rawBody) : null
  const issues = (preview?.issues ?? []).filter((i) => i.field !== 'Request JSON' && issueShown(shown, i))
  const last = which === 'last' && exchange ? exchange : null
  // A JSON field that does not parse is left out of the body: say so beside the preview, never omit it silently.
  const fieldProblems = [
    toolsProblem(inputs.toolsText),
    responseFormatProblem(inputs.responseFormatText),
  ].filter((p) => p !== null)
  return (
    <section className="request-view" aria-label="Request">
      <TabList
        label="Request views"
        className="tabs"
        tabClass={() => 'tab'}
        items={REQUEST_VIEWS}
        selected={tab}
        onSelect={setTab}
      />
      {tab !== 'inspector' && exchange && (
        <div className="segmented small" role="radiogroup" aria-label="Which request">
          <label>
            <input
              type="radio"
              name="which-request"
              checked={which === 'next'}
              onChange={() => setWhich('next')}
            />{' '}
            Next request (draft)
          </label>
          <label>
            <input
              type="radio"
              name="which-request"
              checked={which === 'last'}
              onChange={() => setWhich('last')}
            />{' '}
            Last sent
          </label>
        </div>
      )}
      {tab !== 'inspector' && (
        <p className="muted small mono request-line" data-testid="request-target">
          {last ? (
            <>
              Last sent: {last.request.method} {last.request.url}
            </>
          ) : preview ? (
            <>
              {preview.profile ? `Profile ${preview.profile.name} · ` : ''}
              {preview.method} {preview.url}
            </>
          ) : null}
        </p>
      )}
      {tab === 'body' && last && <LastSentBody exchange={last} />}
      {tab === 'body' && !last && (
        <div className="body-view">
          {rawBody !== null && (
            <p className="warn-banner small">
              Sending this JSON exactly as written; the form is not used.{' '}
              <button
                className="ghost"
                disabled={jsonError !== null}
                onClick={() => void applyToForm(rawBody)}
              >
                Apply to the form
              </button>
              <button className="ghost" onClick={() => state.set({ rawBody: null })}>
                Discard edits
              </button>
            </p>
          )}
          {unmapped && (
            <div className="warn-banner small" role="alert">
              These fields have no place in the form and would be dropped:{' '}
              <code>{unmapped.fields.join(', ')}</code>.
              <div className="actions">
                <button
                  className="ghost"
                  onClick={() => (void useTextStore.getState().applyDraft(unmapped.draft), setUnmapped(null))}
                >
                  Apply without them
                </button>
                <button className="ghost" onClick={() => setUnmapped(null)}>
                  Keep sending the JSON as written
                </button>
              </div>
            </div>
          )}
          {rawBody === null && fieldProblems.length > 0 && (
            <ul className="issues error-banner small" aria-label="Fields left out of this request">
              {fieldProblems.map((p) => (
                <li key={p.message}>{p.message}. It is left out of this body until fixed.</li>
              ))}
            </ul>
          )}
          <textarea
            className="mono raw-json"
            aria-label="Request body JSON"
            aria-invalid={jsonError !== null}
            spellCheck={false}
            value={rawBody ?? prettyJson(preview?.body ?? '')}
            // Until main's first preview arrives (a moment after the panel opens), say so: never a blank body.
            placeholder={preview || previewError ? undefined : 'Building the next request…'}
            onChange={(e) => state.set({ rawBody: e.target.value })}
            // Ctrl/Cmd+Enter sends from here as from the message box: the JSON as written, or why it cannot go.
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault()
                void useTextStore.getState().send()
              }
            }}
          />
          {jsonError && !sendRefusedForJson && (
            <span className="field-error" data-testid="request-json-error">
              Request JSON: {jsonError.message}
            </span>
          )}
          <ErrorBanner quiet className="small">
            {previewError}
          </ErrorBanner>
          {issues.length > 0 && (
            <ul className="issues" aria-label="Validation issues">
              {issues.map((i, n) => (
                <li key={n} className={i.severity}>
                  {i.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {tab === 'inspector' && (
        <Suspense fallback={<Loading what="Inspector" />}>
          <Inspector
            exchange={exchange}
            preview={previewShown(preview, shown)}
            live={
              runningId && !exchange
                ? {
                    request: liveRequest?.request ?? {
                      method: '…',
                      url: 'sending…',
                      headers: [],
                      body: null,
                    },
                    head: liveRequest,
                    firstByteMs,
                    stream: <LiveStreamTab runId={runningId} />,
                  }
                : null
            }
            toolCalls={
              hasToolCalls
                ? () => (
                    <Suspense fallback={<Loading what="tool calls" />}>
                      <ToolCallMessages />
                    </Suspense>
                  )
                : null
            }
            loadFrames={async (offset, limit) => {
              const id = exchange?.id
              if (!id) return { total: 0, frames: [] }
              return textCalls.getFrames(id, offset, limit)
            }}
            onSaveCapture={async () => {
              const id = exchange?.id
              if (!id) throw new Error('Nothing has been sent yet.')
              return textCalls.saveCapture(id)
            }}
          />
        </Suspense>
      )}
      {tab === 'code' && (last ? last.request : preview) && (
        <Suspense fallback={<Loading what="code export" />}>
          <RequestCode last={last} preview={preview} />
        </Suspense>
      )}
    </section>
  )
}

/** The body of the last request as the exchange recorded it (long base64 elided, very long bodies cut). */
function LastSentBody({ exchange }: { exchange: Exchange }) {
  const body = exchange.request.body ?? ''
  return (
    <div className="body-view">
      <textarea
        className="mono raw-json"
        aria-label="Last sent body"
        readOnly
        spellCheck={false}
        value={prettyJson(body)}
      />
      {/more characters in the full record\)$/.test(body) && (
        <p className="muted small">The body is long: the record shows its start.</p>
      )}
    </div>
  )
}

/** The body as main built it, indented for reading; editing it sends the edited text exactly. */
function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}
