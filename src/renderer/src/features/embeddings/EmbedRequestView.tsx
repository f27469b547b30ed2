// The request side of the Embeddings panel: the exact body main would send (from main's own builder), editable
// as JSON that is then sent as written; the Inspector of any exchange this panel made (embed, each step of the
// cross-format check, rerank, the comparison); and code export with the key as an environment variable.
import { useEffect, useMemo, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { RequestPreview } from '../../../../shared/ipc/text'
import type { Exchange } from '../../../../shared/ipc/exchange'
import { useEmbeddingsStore, type EmbedMode } from '../../stores/embeddings'
import { embeddingsCalls } from '../../ipc/embeddingsCalls'
import { CodeExport, Inspector } from '../../components/inspector'
import { TabList } from '../../components/tabs/TabList'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'

type Tab = 'body' | 'inspector' | 'code'
const REQUEST_VIEWS: { id: Tab; label: string }[] = [
  { id: 'body', label: 'Request JSON' },
  { id: 'inspector', label: 'Inspector' },
  { id: 'code', label: 'Code' },
]

interface Labelled {
  label: string
  exchange: Exchange
}

export function EmbedRequestView({ mode, profileId }: { mode: EmbedMode; profileId: string | null }) {
  const [tab, setTab] = useState<Tab>('body')
  const [preview, setPreview] = useState<RequestPreview | null>(null)
  const [previewError, setPreviewError] = useState<string | null>(null)
  const s = useEmbeddingsStore(
    useShallow((x) => ({
      draft: mode === 'embed' ? x.embedDraft : x.rerankDraft,
      rawBody: x.rawBody[mode],
      embedOutcome: x.embedOutcome,
      crossCheck: x.crossCheck,
      rerankOutcome: x.rerankOutcome,
      compare: x.compare,
    })),
  )
  const { setRawBody } = useEmbeddingsStore.getState()
  const { draft, rawBody } = s

  useEffect(() => {
    if (!profileId) return
    let cancelled = false
    const timer = setTimeout(async () => {
      const result = await embeddingsCalls.preview(
        mode === 'embed'
          ? {
              mode: 'embed',
              profileId,
              draft: useEmbeddingsStore.getState().embedDraft,
              ...(rawBody !== null ? { rawBody } : {}),
            }
          : {
              mode: 'rerank',
              profileId,
              draft: useEmbeddingsStore.getState().rerankDraft,
              ...(rawBody !== null ? { rawBody } : {}),
            },
      )
      if (cancelled) return
      if (result.ok) {
        setPreview(result.value)
        setPreviewError(null)
      } else setPreviewError(result.error.message)
    }, 250)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [mode, profileId, draft, rawBody])

  const exchanges = useMemo((): Labelled[] => {
    const out: Labelled[] = []
    if (mode === 'embed') {
      if (s.embedOutcome?.exchange) out.push({ label: 'Embed', exchange: s.embedOutcome.exchange })
      s.crossCheck?.exchanges.forEach((exchange, i) =>
        out.push({
          label: `Cross-format check: ${['float', 'base64', 'native'][i] ?? i + 1}`,
          exchange,
        }),
      )
    } else {
      if (s.rerankOutcome?.exchange) out.push({ label: 'Rerank', exchange: s.rerankOutcome.exchange })
      if (s.compare?.exchange)
        out.push({
          label: `Embeddings for the comparison (${s.compare.model})`,
          exchange: s.compare.exchange,
        })
    }
    // The newest first: the Inspector opens on what was just sent.
    return out.sort((a, b) => b.exchange.startedAt - a.exchange.startedAt)
  }, [mode, s.embedOutcome, s.crossCheck, s.rerankOutcome, s.compare])
  const [picked, setPicked] = useState<string | null>(null)
  const shown = exchanges.find((e) => e.exchange.id === picked) ?? exchanges[0] ?? null

  const errors = (preview?.issues ?? []).filter((i) => i.severity === 'error')
  const bodyText = rawBody ?? preview?.body ?? ''
  const jsonError = rawBody !== null ? jsonProblem(rawBody) : null
  return (
    <section className="request-view emb-request" aria-label="Request">
      <TabList
        label="Request views"
        className="tabs"
        tabClass={() => 'tab'}
        items={REQUEST_VIEWS}
        selected={tab}
        onSelect={setTab}
      />
      {tab === 'body' && (
        <div className="body-view">
          {preview && (
            <p className="muted small mono request-line">
              {preview.method} {preview.url}
            </p>
          )}
          {rawBody !== null && (
            <p className="warn-banner small">
              Sending this JSON exactly as written; the form is not used.{' '}
              <button type="button" className="ghost" onClick={() => setRawBody(mode, null)}>
                Discard edits
              </button>
            </p>
          )}
          <textarea
            className="mono raw-json"
            aria-label="Request body JSON"
            spellCheck={false}
            value={bodyText}
            onChange={(e) => setRawBody(mode, e.target.value)}
          />
          {jsonError && <span className="field-error">Request body: not valid JSON ({jsonError}).</span>}
          <ErrorBanner quiet className="small">
            {previewError}
          </ErrorBanner>
          {errors.length > 0 && rawBody === null && (
            <p className="muted small">
              Fix the form's {errors.length === 1 ? 'error' : 'errors'} before sending.
            </p>
          )}
        </div>
      )}
      {tab === 'inspector' && (
        <div className="emb-inspector">
          {exchanges.length > 1 && (
            <label className="emb-inline">
              <span className="muted small">Exchange</span>
              <select
                aria-label="Exchange to inspect"
                value={shown?.exchange.id ?? ''}
                onChange={(e) => setPicked(e.target.value)}
              >
                {exchanges.map((e) => (
                  <option key={e.exchange.id} value={e.exchange.id}>
                    {e.label}
                  </option>
                ))}
              </select>
            </label>
          )}
          <Inspector
            key={shown?.exchange.id ?? 'preview'}
            exchange={shown?.exchange ?? null}
            preview={preview}
          />
        </div>
      )}
      {tab === 'code' &&
        (preview?.code ? (
          <CodeExport code={preview.code} />
        ) : (
          <p className="muted">{profileId ? 'Preparing…' : 'Choose a profile to see the code.'}</p>
        ))}
    </section>
  )
}

function jsonProblem(text: string): string | null {
  try {
    JSON.parse(text)
    return null
  } catch (error) {
    return (error as Error).message
  }
}
