// The job form: model endpoints or console, a model picker grouped by family, the modes the model offers, and
// only the fields and values valid for that model and mode (catalog rows), pre-filled with the spec's defaults.
// The fields are descriptors drawn by one renderer (VideoFields). Issues come from main's preview of the exact
// request, shown beside each field once touched (errors refuse; warnings, limits the app assumed, are sent with
// "Send anyway"); Ctrl/Cmd+Enter submits. A model outside the catalog is typed, with the family whose body to send.
import { useRef, useState } from 'react'
import {
  VIDEO_FAMILY_LABELS,
  VIDEO_MODE_LABELS,
  findVideoModel,
  videoModelsOfFamily,
  type VideoFamily,
} from '../../../../shared/catalog/videoModels'
import { NOT_IN_CATALOG } from '../../../../shared/catalog/notInCatalog'
import { videoModelForForm } from '../../../../shared/video/validate'
import type { VideoPreview } from '../../../../shared/ipc/video'
import type { ValidationIssue } from '../../../../shared/ipc/jobLife'
import { CONSOLE_VIDEO_FIELDS, VIDEO_FORM_FIELDS } from '../../../../shared/video/formFields'
import type { FamilyDForm, VideoForm as Form } from '../../../../shared/video/forms'
import { uncitedReferences } from '../../../../shared/video/build'
import { referenceCitation } from '../../../../shared/catalog/videoModels'
import { useVideoStore } from '../../stores/video'
import { ImageInput } from '../../components/imageInput/ImageInput'
import { Field, VideoFields } from './VideoFields'
import { imageSlots, modeOf, slotValue, withSlot } from '../../../../shared/video/formModes'
import { issuesByField, useRequestPreview } from './useRequestPreview'
import { useTouched, visibleIssues } from './useTouched'
import { IpcCallError } from '../../../../shared/ipc/client'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'
import { mediaCalls } from '../../ipc/mediaCalls'

const FAMILIES: VideoFamily[] = ['A', 'B', 'C', 'D']
/** The model picker's choice for an id the catalog does not list. */
const OTHER_MODEL = '\u0000other'
const isError = (i: { severity?: 'error' | 'warning' | undefined }) => (i.severity ?? 'error') === 'error'

interface Props {
  profileId: string | null
}

/** What the issues of a preview allow: errors refuse; warnings other than the catalog note ask for Send anyway,
 *  which is offered once each of them shows beside its field. */
function judge(issues: readonly ValidationIssue[], shows: (field: string) => boolean) {
  const errors = issues.filter(isError)
  const warnings = issues.filter((i) => !isError(i))
  // The catalog note alone asks for no "Send anyway": the user typed the id and chose its body.
  const needsAnyway = warnings.some((i) => i.rule !== 'catalog')
  const canSendAnyway =
    errors.length === 0 && needsAnyway && warnings.every((i) => i.rule === 'catalog' || shows(i.field))
  return { errors, warnings, needsAnyway, canSendAnyway }
}

export function VideoForm({ profileId }: Props) {
  const store = useVideoStore()
  const { kind, modelId, forms, images } = store
  const form = forms[modelId]!
  const model = videoModelForForm(modelId, form)
  const custom = !findVideoModel(modelId)
  const mode = store.modes[modelId] ?? modeOf(model, form)
  const request = profileId ? store.request(profileId) : null
  const { preview, error: previewError, fresh } = useRequestPreview(request)
  // Issues show once their field was changed or Submit was pressed, never on a form the user has not touched.
  const touched = useTouched(
    kind === 'model' ? `model:${modelId}` : 'console',
    kind === 'model' ? { ...form, mode } : { ...store.consoleForm },
  )
  const issues = visibleIssues(issuesByField(preview), touched)
  const allIssues = preview?.issues ?? []
  // The catalog note shows beside the model id at all times; it is not listed again.
  const shownIssues = allIssues.filter((i) => touched.shows(i.field) && i.rule !== 'catalog')
  const { errors, canSendAnyway } = judge(allIssues, touched.shows)
  const formRef = useRef<HTMLFormElement>(null)
  const [submitting, setSubmitting] = useState(false)
  const [submitError, setSubmitError] = useState<string | null>(null)
  const [showRequest, setShowRequest] = useState(false)
  const [copied, setCopied] = useState(false)
  // Fields whose typed text cannot be sent yet: nothing is sent (neither Generate nor Send anyway) meanwhile.
  const [unsendable, setUnsendable] = useState<Record<string, string>>({})
  const blocked = Object.keys(unsendable).length > 0
  const noteUnsendable = (key: string, problem: string | null) =>
    setUnsendable((u) => {
      if ((u[key] ?? null) === problem) return u
      const { [key]: _dropped, ...rest } = u
      return problem === null ? rest : { ...rest, [key]: problem }
    })

  const submit = async (anyway = false) => {
    if (!profileId || submitting) return
    touched.submit()
    if (blocked) return
    setSubmitting(true)
    // Judged by the preview of the form as it is now, not one still on its way for an earlier edit.
    const latest = await fresh()
    const verdict = judge(latest.preview?.issues ?? [], touched.shows)
    if (verdict.errors.length > 0 || (verdict.needsAnyway && !(anyway && verdict.canSendAnyway))) {
      setSubmitting(false)
      // Once the issues show, the first field they name (in the form's order) takes focus.
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      )
      return
    }
    setSubmitError(null)
    try {
      // A typed model id is sent with its note even when Generate beats the first preview: the note stands
      // beside the id from the moment it was typed, so main's refusal of an unacknowledged warning never applies.
      await store.submit(profileId, verdict.warnings.length > 0 || custom)
    } catch (error) {
      setSubmitError(error instanceof IpcCallError || error instanceof Error ? error.message : String(error))
    } finally {
      setSubmitting(false)
    }
  }

  const copyCurl = async () => {
    if (!preview) return
    await navigator.clipboard.writeText(preview.code.curl).catch(() => undefined)
    setCopied(true)
    setTimeout(() => setCopied(false), 1500)
  }

  return (
    <form
      ref={formRef}
      className="video-form"
      aria-label="New video job"
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault()
          void submit()
        }
      }}
    >
      <fieldset className="video-kind">
        <legend>Endpoint</legend>
        <label className="inline">
          <input
            type="radio"
            name="video-kind"
            checked={kind === 'model'}
            onChange={() => store.setKind('model')}
          />
          Video models <span className="muted small">(a model from the catalogue makes the video)</span>
        </label>
        <label className="inline">
          <input
            type="radio"
            name="video-kind"
            checked={kind === 'console'}
            onChange={() => store.setKind('console')}
          />
          Console video <span className="muted small">(the console's own video task, with its token)</span>
        </label>
      </fieldset>

      {kind === 'model' ? (
        <>
          <Field label="Model">
            <select
              value={custom ? OTHER_MODEL : modelId}
              onChange={(e) =>
                e.target.value === OTHER_MODEL
                  ? store.setCustomModel('', form.family)
                  : store.setModel(e.target.value)
              }
            >
              {FAMILIES.map((family) => (
                <optgroup key={family} label={VIDEO_FAMILY_LABELS[family]}>
                  {videoModelsOfFamily(family).map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.id}
                    </option>
                  ))}
                </optgroup>
              ))}
              <option value={OTHER_MODEL}>Another model (type its id)…</option>
            </select>
          </Field>
          {custom && (
            <>
              <Field
                label="Model id"
                issue={errors.some((i) => i.field === 'model') ? issues.get('model') : undefined}
              >
                <input
                  type="text"
                  value={modelId}
                  spellCheck={false}
                  placeholder="the id the gateway knows"
                  onChange={(e) => store.setCustomModel(e.target.value.trim(), form.family)}
                />
              </Field>
              {modelId !== '' && (
                <p className="muted small" data-testid="video-model-note">
                  {modelId}: {NOT_IN_CATALOG}
                </p>
              )}
              <Field label="Body to send">
                <select
                  value={form.family}
                  onChange={(e) => store.setCustomModel(modelId, e.target.value as VideoFamily)}
                >
                  {FAMILIES.map((family) => (
                    <option key={family} value={family}>
                      {VIDEO_FAMILY_LABELS[family]}
                    </option>
                  ))}
                </select>
              </Field>
            </>
          )}
          {model.modes.length > 1 && (
            <Field label="Mode" issue={issues.get('mode')}>
              <select value={mode} onChange={(e) => store.setMode(e.target.value as typeof mode)}>
                {model.modes.map((m) => (
                  <option key={m} value={m}>
                    {VIDEO_MODE_LABELS[m]}
                  </option>
                ))}
              </select>
            </Field>
          )}
          <VideoFields
            fields={VIDEO_FORM_FIELDS[form.family]}
            ctx={{ model, mode }}
            values={form as unknown as Record<string, unknown>}
            issues={issues}
            onChange={(key, value) => store.updateForm({ [key]: value } as Partial<Form>)}
            onUnsendable={noteUnsendable}
          />
          {form.family === 'D' && <UncitedNote form={form} />}
          {imageSlots(model, form, mode).map((slot) => {
            const value = slotValue(form, slot.key)
            const issueKey = slot.key.startsWith('images.') ? `images[${slot.key.slice(7)}]` : slot.key
            return (
              <ImageInput
                importFile={mediaCalls.importFile}
                key={slot.key}
                label={slot.label}
                value={value}
                image={images[value]}
                exactSize={form.family === 'A' ? (form.size ?? model.defaultSize) : undefined}
                issue={
                  issues.get(issueKey) ?? (slot.key.startsWith('images.') ? issues.get('images') : undefined)
                }
                onImported={store.addImage}
                onChange={(v) => store.replaceForm(withSlot(form, slot.key, v))}
              />
            )
          })}
          {form.family === 'D' && mode === 'reference' && issues.get('images') && (
            <p className="field-error">{issues.get('images')}</p>
          )}
        </>
      ) : (
        <VideoFields
          fields={CONSOLE_VIDEO_FIELDS}
          ctx={{ model: undefined, mode: undefined }}
          values={store.consoleForm}
          issues={issues}
          onChange={(key, value) => store.updateConsoleForm({ [key]: value })}
        />
      )}

      {shownIssues.length > 0 && (
        <ul
          className={shownIssues.some(isError) ? 'video-issues' : 'warn-banner small'}
          aria-label="Problems with this request"
        >
          {shownIssues.map((i) => (
            <li key={`${i.field}-${i.message}`}>
              {isError(i) ? '' : 'Warning: '}
              {i.message}
            </li>
          ))}
        </ul>
      )}
      {canSendAnyway && shownIssues.length > 0 && (
        <p className="muted small">
          Warnings are limits this app assumed where the spec is silent: the gateway decides. Send anyway to
          send the request as it is.
        </p>
      )}
      {!profileId && <p className="warn-banner">Choose a profile in Settings first.</p>}
      <ErrorBanner quiet>{previewError}</ErrorBanner>
      <ErrorBanner>{submitError}</ErrorBanner>
      <div className="video-row">
        <button
          type="submit"
          className="primary"
          disabled={!profileId || submitting || blocked || shownIssues.length > 0}
          title="Ctrl/Cmd+Enter"
        >
          {submitting ? 'Submitting…' : 'Generate video'}
        </button>
        {canSendAnyway && (
          <button
            type="button"
            disabled={!profileId || submitting || blocked}
            onClick={() => void submit(true)}
          >
            Send anyway
          </button>
        )}
        <button type="button" onClick={() => void copyCurl()} disabled={!preview}>
          {copied ? 'Copied' : 'Copy as curl'}
        </button>
        <button
          type="button"
          className="ghost"
          onClick={() => setShowRequest((v) => !v)}
          aria-expanded={showRequest}
        >
          {showRequest ? 'Hide request' : 'Show request'}
        </button>
      </div>
      {showRequest && preview && <RequestView preview={preview} />}
    </form>
  )
}

function RequestView({ preview }: { preview: VideoPreview }) {
  return (
    <div className="video-request" aria-label="Request preview">
      <code>
        {preview.method} {preview.url}
      </code>
      <pre className="raw">{preview.headers.map(([k, v]) => `${k}: ${v}`).join('\n')}</pre>
      <pre className="raw">{preview.body}</pre>
    </div>
  )
}

/** Reference mode: the images the prompt does not cite are cited in front of it as sent; said beside the prompt. */
function UncitedNote({ form }: { form: FamilyDForm }) {
  const missing = uncitedReferences(form)
  if (missing.length === 0) return null
  const cites = missing.map(referenceCitation).join('')
  return (
    <p className="muted small" data-testid="uncited-note">
      The prompt does not cite {missing.length === 1 ? 'image' : 'images'} {missing.join(', ')}: the request
      puts <code>{cites}</code> in front of it. Cite them where they belong to place them yourself.
    </p>
  )
}
