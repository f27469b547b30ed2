// The job form: model endpoints or console, a model picker grouped by family, the modes the model offers, and
// only the fields and values valid for that model and mode (catalog rows), pre-filled with the spec's defaults.
// Issues come from main's preview of the exact request, shown beside each field; Ctrl/Cmd+Enter submits.
import { cloneElement, useId, useState } from 'react'
import {
  FAMILY_B_PERSON_GENERATION,
  VIDEO_FAMILY_LABELS,
  VIDEO_MODE_LABELS,
  findVideoModel,
  videoModelsOfFamily,
  type VideoFamily,
  type VideoModel,
} from '../../../../shared/catalog/videoModels'
import { CONSOLE_DURATIONS, type VideoPreview } from '../../../../shared/ipc/video'
import type { VideoForm as Form } from '../../../../shared/video/forms'
import { useVideoStore } from '../../stores/videoStore'
import { ImageInput } from './ImageInput'
import { imageSlots, modeOf, slotValue, withSlot } from '../../../../shared/video/formModes'
import { issuesByField, useRequestPreview } from './useRequestPreview'
import { useTouched, visibleIssues } from './useTouched'
import { IpcCallError } from '../../../../shared/ipc/client'

const FAMILIES: VideoFamily[] = ['A', 'B', 'C', 'D']

interface Props {
  profileId: string | null
}

export function VideoForm({ profileId }: Props) {
  const store = useVideoStore()
  const { kind, modelId, forms, images } = store
  const model = findVideoModel(modelId)!
  const form = forms[modelId]!
  const mode = store.modes[modelId] ?? modeOf(model, form)
  const request = profileId ? store.request(profileId) : null
  const { preview, error: previewError } = useRequestPreview(request)
  // Issues show once their field was changed or Submit was pressed, never on a form the user has not touched.
  const touched = useTouched(
    kind === 'model' ? `model:${modelId}` : 'console',
    kind === 'model' ? { ...form, mode } : { ...store.consoleForm },
  )
  const issues = visibleIssues(issuesByField(preview), touched)
  const shownIssues = (preview?.issues ?? []).filter((i) => touched.shows(i.field))
  const [submitting, setSubmitting] = useState(false)
  const [submitError, setSubmitError] = useState<string | null>(null)
  const [showRequest, setShowRequest] = useState(false)
  const [copied, setCopied] = useState(false)

  const submit = async () => {
    if (!profileId || submitting) return
    touched.submit()
    if ((preview?.issues.length ?? 0) > 0) return
    setSubmitting(true)
    setSubmitError(null)
    try {
      await store.submit(profileId)
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
          Model endpoints (11–13)
        </label>
        <label className="inline">
          <input
            type="radio"
            name="video-kind"
            checked={kind === 'console'}
            onChange={() => store.setKind('console')}
          />
          Console (14–15)
        </label>
      </fieldset>

      {kind === 'model' ? (
        <>
          <Field label="Model">
            <select value={modelId} onChange={(e) => store.setModel(e.target.value)}>
              {FAMILIES.map((family) => (
                <optgroup key={family} label={VIDEO_FAMILY_LABELS[family]}>
                  {videoModelsOfFamily(family).map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.id}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </Field>
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
          <Field label="Prompt" issue={issues.get('prompt')}>
            <textarea
              rows={3}
              value={form.prompt}
              placeholder={
                form.family === 'D' && mode === 'reference'
                  ? 'Cite images as [图1], [图2]…'
                  : 'Describe the scene'
              }
              onChange={(e) => store.updateForm({ prompt: e.target.value })}
            />
          </Field>
          <FamilyFields model={model} form={form} mode={mode} issues={issues} />
          {imageSlots(model, form, mode).map((slot) => {
            const value = slotValue(form, slot.key)
            const issueKey = slot.key.startsWith('images.') ? `images[${slot.key.slice(7)}]` : slot.key
            return (
              <ImageInput
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
          {form.family === 'A' && mode === 'remix' && (
            <Field
              label="Remix from video id (remix_from_video_id)"
              issue={issues.get('remix_from_video_id')}
            >
              <input
                value={form.remix_from_video_id ?? ''}
                placeholder="video_…"
                onChange={(e) => store.updateForm({ remix_from_video_id: e.target.value })}
              />
            </Field>
          )}
        </>
      ) : (
        <ConsoleFields issues={issues} />
      )}

      {shownIssues.length > 0 && (
        <ul className="video-issues" aria-label="Problems with this request">
          {shownIssues.map((i) => (
            <li key={`${i.field}-${i.message}`}>{i.message}</li>
          ))}
        </ul>
      )}
      {!profileId && <p className="warn-banner">Choose a profile in Settings first.</p>}
      {previewError && <p className="error-banner">{previewError}</p>}
      {submitError && (
        <p className="error-banner" role="alert">
          {submitError}
        </p>
      )}
      <div className="video-row">
        <button
          type="submit"
          className="primary"
          disabled={!profileId || submitting || shownIssues.length > 0}
          title="Ctrl/Cmd+Enter"
        >
          {submitting ? 'Submitting…' : 'Generate video'}
        </button>
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
      <pre>{preview.headers.map(([k, v]) => `${k}: ${v}`).join('\n')}</pre>
      <pre>{preview.body}</pre>
    </div>
  )
}

/**
 * A labelled control with its issue. The control is named by `aria-label` (a wrapping label would fold the
 * select's value and the issue text into the name) and described by the issue.
 */
function Field({ label, issue, children }: { label: string; issue?: string; children: React.ReactElement }) {
  const issueId = useId()
  return (
    <label>
      {label}
      {cloneElement(children as React.ReactElement<Record<string, unknown>>, {
        'aria-label': label,
        'aria-invalid': issue ? true : undefined,
        'aria-describedby': issue ? issueId : undefined,
      })}
      {issue && (
        <span className="field-error" id={issueId}>
          {issue}
        </span>
      )}
    </label>
  )
}

function Choice<T extends string | number>({
  label,
  value,
  values,
  issue,
  onChange,
  empty,
}: {
  label: string
  value: T | undefined
  values: readonly T[]
  issue?: string
  onChange(v: T | undefined): void
  /** Offers "not sent" as the first option. */
  empty?: string
}) {
  return (
    <Field label={label} issue={issue}>
      <select
        value={value === undefined ? '' : String(value)}
        onChange={(e) => {
          const raw = e.target.value
          if (raw === '') return onChange(undefined)
          const match = values.find((v) => String(v) === raw)
          onChange(match)
        }}
      >
        {empty !== undefined && <option value="">{empty}</option>}
        {values.map((v) => (
          <option key={String(v)} value={String(v)}>
            {String(v)}
          </option>
        ))}
      </select>
    </Field>
  )
}

function Check({
  label,
  checked,
  onChange,
}: {
  label: string
  checked: boolean | undefined
  onChange(v: boolean): void
}) {
  return (
    <label className="inline">
      <input type="checkbox" checked={checked ?? false} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  )
}

function NumberInput({
  label,
  value,
  issue,
  min,
  max,
  onChange,
}: {
  label: string
  value: number | undefined
  issue?: string
  min?: number
  max?: number
  onChange(v: number | undefined): void
}) {
  return (
    <Field label={label} issue={issue}>
      <input
        type="number"
        inputMode="numeric"
        value={value ?? ''}
        min={min}
        max={max}
        onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
      />
    </Field>
  )
}

function FamilyFields({
  model,
  form,
  mode,
  issues,
}: {
  model: VideoModel
  form: Form
  mode: string
  issues: Map<string, string>
}) {
  const update = useVideoStore((s) => s.updateForm)
  switch (form.family) {
    case 'A':
      return (
        <div className="video-fields">
          <Choice
            label="Seconds"
            value={Number(form.seconds ?? model.defaultDuration)}
            values={model.durations}
            issue={issues.get('seconds')}
            onChange={(v) => update({ seconds: v })}
          />
          <Choice
            label="Size"
            value={form.size}
            values={model.sizes}
            issue={issues.get('size') ?? issues.get('width')}
            onChange={(v) => update({ size: v })}
          />
        </div>
      )
    case 'B':
      return (
        <div className="video-fields">
          <Choice
            label="Duration (durationSeconds)"
            value={form.durationSeconds}
            values={model.durations}
            issue={issues.get('durationSeconds')}
            onChange={(v) => update({ durationSeconds: v })}
          />
          <Choice
            label="Aspect ratio"
            value={form.aspectRatio}
            values={model.aspectRatios}
            issue={issues.get('aspectRatio')}
            onChange={(v) => update({ aspectRatio: v })}
          />
          <Choice
            label="Resolution"
            value={form.resolution}
            values={model.resolutions}
            issue={issues.get('resolution')}
            onChange={(v) => update({ resolution: v })}
          />
          <NumberInput
            label="Samples (sampleCount)"
            value={form.sampleCount}
            min={model.sampleCount?.min}
            max={model.sampleCount?.max}
            issue={issues.get('sampleCount')}
            onChange={(v) => update({ sampleCount: v })}
          />
          <NumberInput
            label="Seed"
            value={form.seed}
            issue={issues.get('seed')}
            onChange={(v) => update({ seed: v })}
          />
          <Choice
            label="Person generation"
            value={form.personGeneration}
            values={FAMILY_B_PERSON_GENERATION}
            empty="(not sent)"
            issue={issues.get('personGeneration')}
            onChange={(v) => update({ personGeneration: v })}
          />
          {model.audio === 'toggle' ? (
            <Check
              label="Generate audio"
              checked={form.generateAudio}
              onChange={(v) => update({ generateAudio: v })}
            />
          ) : (
            <p className="muted small">This fast model always includes audio.</p>
          )}
          <Check
            label="Add watermark"
            checked={form.addWatermark}
            onChange={(v) => update({ addWatermark: v })}
          />
        </div>
      )
    case 'C':
      return (
        <div className="video-fields">
          <Choice
            label="Duration"
            value={form.duration}
            values={model.durations}
            issue={issues.get('duration')}
            onChange={(v) => update({ duration: v })}
          />
          <Choice
            label="Resolution"
            value={form.resolution}
            values={model.resolutions}
            issue={issues.get('resolution')}
            onChange={(v) => update({ resolution: v })}
          />
          {model.aspectRatios.length > 0 && (
            <Choice
              label="Aspect ratio"
              value={form.aspect_ratio}
              values={model.aspectRatios}
              issue={issues.get('aspect_ratio')}
              onChange={(v) => update({ aspect_ratio: v })}
            />
          )}
          <NumberInput
            label="Seed"
            value={form.seed}
            issue={issues.get('seed')}
            onChange={(v) => update({ seed: v })}
          />
          <Field label="Audio URL (audio_url)" issue={issues.get('audio_url')}>
            <input
              type="url"
              value={form.audio_url ?? ''}
              placeholder="https://…"
              onChange={(e) => update({ audio_url: e.target.value || undefined })}
            />
          </Field>
          <Check
            label="Smart rewrite (prompt expansion)"
            checked={form.smart_rewrite}
            onChange={(v) => update({ smart_rewrite: v })}
          />
          <Check
            label="Generate audio"
            checked={form.generate_audio}
            onChange={(v) => update({ generate_audio: v })}
          />
        </div>
      )
    case 'D':
      return (
        <div className="video-fields">
          <Choice
            label="Ratio (--ratio)"
            value={form.ratio}
            values={model.aspectRatios}
            issue={issues.get('ratio')}
            onChange={(v) => update({ ratio: v })}
          />
          <Choice
            label="Duration (--dur)"
            value={form.duration}
            values={model.durations}
            issue={issues.get('duration')}
            onChange={(v) => update({ duration: v })}
          />
          <Choice
            label="Resolution (--rs)"
            value={form.resolution}
            values={model.resolutions}
            issue={issues.get('resolution')}
            onChange={(v) => update({ resolution: v })}
          />
          <Check
            label="Watermark (--wm)"
            checked={form.watermark}
            onChange={(v) => update({ watermark: v })}
          />
          <Check
            label="Camera fixed (--cf)"
            checked={form.cameraFixed}
            onChange={(v) => update({ cameraFixed: v })}
          />
          {model.audio === 'always' && <p className="muted small">This model's video includes audio.</p>}
          {mode === 'reference' && issues.get('images') && (
            <p className="field-error">{issues.get('images')}</p>
          )}
        </div>
      )
  }
}

function ConsoleFields({ issues }: { issues: Map<string, string> }) {
  const form = useVideoStore((s) => s.consoleForm)
  const update = useVideoStore((s) => s.updateConsoleForm)
  return (
    <div className="video-fields">
      <Field label="Model (console)" issue={issues.get('model')}>
        <input
          value={form.model}
          placeholder="the console's model name"
          onChange={(e) => update({ model: e.target.value })}
        />
      </Field>
      <Field label="Prompt" issue={issues.get('prompt')}>
        <textarea rows={3} value={form.prompt} onChange={(e) => update({ prompt: e.target.value })} />
      </Field>
      <Choice
        label="Duration"
        value={form.duration}
        values={CONSOLE_DURATIONS}
        issue={issues.get('duration')}
        onChange={(v) => update({ duration: v ?? 5 })}
      />
      <Field label="Aspect ratio" issue={issues.get('aspect_ratio')}>
        <input
          value={form.aspect_ratio}
          list="console-ratios"
          onChange={(e) => update({ aspect_ratio: e.target.value })}
        />
      </Field>
      {/* The spec does not list the console's ratios: these are suggestions, any value can be typed. */}
      <datalist id="console-ratios">
        {['16:9', '9:16', '1:1', '4:3', '3:4'].map((r) => (
          <option key={r} value={r} />
        ))}
      </datalist>
      <Field label="Resolution (optional)" issue={issues.get('resolution')}>
        <input
          value={form.resolution ?? ''}
          placeholder="e.g. 720p"
          onChange={(e) => update({ resolution: e.target.value || undefined })}
        />
      </Field>
      <Field label="Request key (req_key, optional)" issue={issues.get('req_key')}>
        <input
          value={form.req_key ?? ''}
          onChange={(e) => update({ req_key: e.target.value || undefined })}
        />
      </Field>
      <Check
        label="Return a video URL (return_url)"
        checked={form.return_url}
        onChange={(v) => update({ return_url: v })}
      />
    </div>
  )
}
