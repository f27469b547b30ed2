// The request side: the exact body main would send (from main's own builder, so what is shown is what goes),
// editable as raw JSON that is then sent as written; validation issues; the Inspector of the last exchange; and
// code export with the key as an environment variable.
import { useEffect, useMemo, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { RequestPreview } from '../../../../shared/ipc/text'
import { useTextStore } from '../../stores/textStore'
import { client } from '../../ipc/client'
import { Inspector } from '../../components/inspector/Inspector'
import { CodeExport } from '../../components/inspector/CodeExport'
import { formats, type Draft } from '../../../../shared/wire'

type Tab = 'body' | 'inspector' | 'code'

export function RequestView() {
  const [tab, setTab] = useState<Tab>('body')
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
    })),
  )
  const exchange = useTextStore((x) => x.run?.exchange ?? null)
  const state = useTextStore.getState()
  const { format, rawBody } = inputs
  // draft() reads these same fields through getState(); `inputs` changes exactly when one of them does.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const draft = useMemo(() => useTextStore.getState().draft(true).draft, [inputs])
  const key = useMemo(
    () => JSON.stringify({ format, draft, rawBody, profile: inputs.profileId }),
    [format, draft, rawBody, inputs.profileId],
  )

  useEffect(() => {
    let cancelled = false
    const timer = setTimeout(async () => {
      const profileId = useTextStore.getState().profileId ?? (await activeProfile())
      if (!profileId || cancelled) return
      const result = await client.call('text.previewRequest', {
        profileId,
        format,
        draft,
        ...(rawBody !== null ? { rawBody } : {}),
      })
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
    // The key captures every input of the preview.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])

  // Edited JSON back into the form: the format's own inverse of build, so the next send builds the same body.
  const applyToForm = (text: string) => {
    const { draft: parsed, unmapped: fields } = formats[format].parseRequest(JSON.parse(text), {
      model: inputs.model,
      stream: inputs.stream,
    })
    if (fields.length > 0) return setUnmapped({ draft: parsed, fields })
    useTextStore.getState().applyDraft(parsed)
  }

  const issues = preview?.issues ?? []
  return (
    <section className="request-view" aria-label="Request">
      <div role="tablist" aria-label="Request views" className="tabs">
        {(
          [
            ['body', 'Request JSON'],
            ['inspector', 'Inspector'],
            ['code', 'Code'],
          ] as const
        ).map(([id, label]) => (
          <button key={id} role="tab" aria-selected={tab === id} className="tab" onClick={() => setTab(id)}>
            {label}
          </button>
        ))}
      </div>
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
              <button className="ghost" disabled={!isJson(rawBody)} onClick={() => applyToForm(rawBody)}>
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
                  onClick={() => (useTextStore.getState().applyDraft(unmapped.draft), setUnmapped(null))}
                >
                  Apply without them
                </button>
                <button className="ghost" onClick={() => setUnmapped(null)}>
                  Keep sending the JSON as written
                </button>
              </div>
            </div>
          )}
          <textarea
            className="mono raw-json"
            aria-label="Request body JSON"
            spellCheck={false}
            value={rawBody ?? prettyJson(preview?.body ?? '')}
            onChange={(e) => state.set({ rawBody: e.target.value })}
          />
          {rawBody !== null && !isJson(rawBody) && (
            <span className="field-error">rawBody: not valid JSON</span>
          )}
          {previewError && <p className="error-banner small">{previewError}</p>}
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
        <Inspector
          exchange={exchange}
          preview={preview}
          loadFrames={async (offset, limit) => {
            const id = exchange?.id
            if (!id) return { total: 0, frames: [] }
            return client.invoke('text.getFrames', { exchangeId: id, offset, limit })
          }}
          onSaveCapture={async () => {
            const id = exchange?.id
            if (!id) throw new Error('Nothing has been sent yet.')
            return client.invoke('text.saveCapture', { exchangeId: id })
          }}
        />
      )}
      {tab === 'code' && preview && <CodeExport code={preview.code} />}
    </section>
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

function isJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

async function activeProfile(): Promise<string | null> {
  const r = await client.call('profiles.list')
  return r.ok ? r.value.activeId : null
}
