// The plan of a load test as a form: targets (profile × model × format, streamed or not), prompts (synthetic of
// an input length, a saved case, a file), output length, the load (concurrency levels or request rates, requests
// or seconds per level, warm-up, timeout) and the goodput limits; what a run sends is estimated before Start.
// Each problem shows under its field once the field was left or Start was pressed.
import { useEffect, useState } from 'react'
import {
  LOAD_FORMATS,
  LOAD_FORMAT_LABELS,
  isSimulatorProfile,
  isTextFormat,
} from '../../../../shared/load/plan'
import type { SuiteSummary } from '../../../../shared/ipc/cases'
import type { ProfileView } from '../../../../shared/ipc/profiles'
import {
  estimateWords,
  loadFormErrors,
  loadWork,
  newTarget,
  simTokensOffered,
  useLoadStore,
} from '../../stores/load'
import { casesCalls } from '../../ipc/casesCalls'
import { FormatOptions, ProfileOptions } from '../../components/selectOptions/SelectOptions'
import { ModelPicker } from '../../widgets/modelPicker/ModelPicker'
import { CostEstimate } from '../../widgets/costEstimate/CostEstimate'

export function LoadFormView({ profiles, running }: { profiles: ProfileView[]; running: boolean }) {
  const s = useLoadStore()
  const form = s.form
  const errors = loadFormErrors(
    form,
    profiles.map((p) => p.id),
  )
  const shown = (field: string) => (s.attempted || s.touched[field] ? errors[field] : undefined)
  const [suites, setSuites] = useState<SuiteSummary[] | null>(null)
  useEffect(() => {
    if (form.promptKind !== 'case' || suites) return
    casesCalls.listSuites().then(
      (r) => setSuites(r.suites),
      () => setSuites([]),
    )
  }, [form.promptKind, suites])
  const estimate = estimateWords(form)
  const simOffered = simTokensOffered(
    form,
    profiles.filter(isSimulatorProfile).map((p) => p.id),
  )
  const field = (name: string, label: string, input: React.ReactNode, hint?: string) => (
    <label className={`load-field load-${name}`}>
      {label}
      {input}
      {hint && <span className="muted small">{hint}</span>}
      {shown(name) && <span className="field-error">{shown(name)}</span>}
    </label>
  )
  const text = (
    name: keyof typeof form,
    size = 6,
    extra: Partial<React.InputHTMLAttributes<HTMLInputElement>> = {},
  ) => (
    <input
      value={form[name] as string}
      size={size}
      aria-invalid={!!shown(name) || undefined}
      onChange={(e) => s.setForm({ [name]: e.target.value })}
      onBlur={() => s.touch(name)}
      disabled={running}
      {...extra}
    />
  )
  return (
    <fieldset className="load-form" disabled={running} aria-label="Load test plan">
      <div className="load-targets" role="group" aria-label="Targets">
        <span className="load-group-title">Targets</span>
        {form.targets.map((t, i) => (
          <div className="load-target" key={i} data-testid="load-target">
            <label>
              Profile
              <select
                value={t.profileId}
                aria-label={`Profile of target ${i + 1}`}
                aria-invalid={!!shown(`targets.${i}.profileId`) || undefined}
                onChange={(e) => s.setTarget(i, { profileId: e.target.value })}
                onBlur={() => s.touch(`targets.${i}.profileId`)}
              >
                <option value="">Choose…</option>
                <ProfileOptions profiles={profiles} />
              </select>
              {shown(`targets.${i}.profileId`) && (
                <span className="field-error">{shown(`targets.${i}.profileId`)}</span>
              )}
            </label>
            <label>
              Model
              <ModelPicker
                ariaLabel={`Model of target ${i + 1}`}
                kind={isTextFormat(t.format) ? 'text' : 'embedding'}
                value={t.model}
                profileId={t.profileId || null}
                invalid={!!shown(`targets.${i}.model`)}
                onChange={(model) => s.setTarget(i, { model })}
                onBlur={() => s.touch(`targets.${i}.model`)}
              />
              {shown(`targets.${i}.model`) && (
                <span className="field-error">{shown(`targets.${i}.model`)}</span>
              )}
            </label>
            <label>
              Format
              <select
                value={t.format}
                aria-label={`Format of target ${i + 1}`}
                onChange={(e) => s.setTarget(i, { format: e.target.value as (typeof LOAD_FORMATS)[number] })}
              >
                <FormatOptions values={LOAD_FORMATS} labels={LOAD_FORMAT_LABELS} />
              </select>
            </label>
            <label className="load-check">
              <input
                type="checkbox"
                checked={isTextFormat(t.format) && t.stream}
                disabled={!isTextFormat(t.format)}
                onChange={(e) => s.setTarget(i, { stream: e.target.checked })}
              />
              Streamed
            </label>
            {form.targets.length > 1 && (
              <button
                type="button"
                className="ghost"
                aria-label={`Remove target ${i + 1}`}
                onClick={() => s.removeTarget(i)}
              >
                ✕
              </button>
            )}
          </div>
        ))}
        <button
          type="button"
          className="small"
          onClick={() => {
            const last = form.targets.at(-1)
            s.addTarget(
              newTarget(last?.profileId ?? profiles[0]?.id ?? '', last?.model ?? 'gpt-4o-mini', 'messages'),
            )
          }}
        >
          Add a target
        </button>
        {shown('targets') && <span className="field-error">{shown('targets')}</span>}
      </div>

      <div className="load-row" role="group" aria-label="Prompts">
        <label className="load-field">
          Prompts
          <select
            value={form.promptKind}
            onChange={(e) => s.setForm({ promptKind: e.target.value as typeof form.promptKind })}
          >
            <option value="synthetic">Synthetic, of an input length</option>
            <option value="case">A saved case</option>
            <option value="file">A file of prompts</option>
          </select>
        </label>
        {form.promptKind === 'synthetic' &&
          field('inputTokens', 'Input tokens', text('inputTokens'), 'counted by the local tokenizer')}
        {form.promptKind === 'case' &&
          field(
            'caseRef',
            'Saved case',
            <select
              value={form.caseRef}
              aria-invalid={!!shown('caseRef') || undefined}
              onChange={(e) => s.setForm({ caseRef: e.target.value })}
              onBlur={() => s.touch('caseRef')}
            >
              <option value="">
                {suites === null ? 'Loading…' : suites.length ? 'Choose…' : 'No saved cases yet'}
              </option>
              {(suites ?? []).flatMap((suite) =>
                suite.cases.map((c) => (
                  <option key={`${suite.id}/${c.id}`} value={`${suite.id}/${c.id}`}>
                    {suite.name} · {c.name}
                  </option>
                )),
              )}
            </select>,
          )}
        {form.promptKind === 'file' &&
          field(
            'file',
            'Prompts file',
            <input
              type="file"
              accept=".txt,.jsonl,.ndjson,text/plain"
              onChange={(e) => {
                const f = e.target.files?.[0]
                s.touch('file')
                if (f) void s.importPrompts(f)
              }}
            />,
            form.file
              ? `${form.file.name}: one prompt per line, or JSON lines of {"prompt": "…"}`
              : 'one prompt per line, or JSON lines of {"prompt": "…"}',
          )}
        {field('maxTokens', 'Max tokens (output)', text('maxTokens'))}
        <label className="load-check load-sim-tokens">
          <input
            type="checkbox"
            checked={simOffered && form.simTokens}
            disabled={!simOffered}
            aria-describedby={simOffered ? undefined : 'load-sim-tokens-why'}
            onChange={(e) => s.setForm({ simTokens: e.target.checked })}
          />
          Ask the simulator for that many (sim:tokens)
          {!simOffered && (
            <span className="muted small" id="load-sim-tokens-why">
              only when every target is the simulator: nothing is added to the prompts sent to a gateway
            </span>
          )}
        </label>
      </div>

      <div className="load-row" role="group" aria-label="Load">
        <label className="load-field">
          Load
          <select value={form.mode} onChange={(e) => s.setForm({ mode: e.target.value as typeof form.mode })}>
            <option value="concurrency">Concurrency levels (closed loop)</option>
            <option value="rate">Request rates, Poisson arrivals (open loop)</option>
          </select>
        </label>
        {field(
          'levels',
          form.mode === 'concurrency' ? 'Concurrent requests' : 'Requests per second',
          text('levels', 14),
          'one level each, in turn',
        )}
        <label className="load-field">
          Each level
          <span className="load-inline">
            {text('amount', 5, { 'aria-label': 'Each level: how many' })}
            <select
              aria-label="Each level: unit"
              value={form.per}
              onChange={(e) => s.setForm({ per: e.target.value as typeof form.per })}
            >
              <option value="requests">requests</option>
              <option value="seconds">seconds</option>
            </select>
          </span>
          {shown('amount') && <span className="field-error">{shown('amount')}</span>}
        </label>
        {field('warmup', 'Warm-up requests per level', text('warmup', 4), 'sent, not measured')}
        {field('timeoutS', 'Timeout (s)', text('timeoutS', 4), 'per request')}
        {form.mode === 'rate' && field('maxInFlight', 'Most in flight', text('maxInFlight', 5))}
      </div>

      <div className="load-row" role="group" aria-label="Goodput and name">
        {field('ttftLimit', 'Goodput: TTFT ≤ (ms)', text('ttftLimit', 6, { placeholder: 'no limit' }))}
        {field('tpotLimit', 'TPOT ≤ (ms)', text('tpotLimit', 6, { placeholder: 'no limit' }))}
        {field('name', 'Name (optional)', text('name', 24))}
      </div>
      <p className="muted small" data-testid="load-estimate">
        {estimate ?? 'Fix the fields above to see what this test sends.'} Requests are never retried; each one
        is paid as usual. <CostEstimate planned={loadWork(form)} />
      </p>
    </fieldset>
  )
}
