// One price row edited in place in the table: the model id, its currency and every price as the vendor
// publishes it (per 1M tokens; per image, per second of video, by resolution where the family differs; per 1M
// embedded tokens; per rerank search), and the day it was set, each in its own column. An empty cell is "not
// priced". Errors name the field and the rule, shown in their cell once the user pressed Save; nothing typed is
// lost when a save is refused. What the table does not show (context window, max output) is kept as it was.
import { useId, useState } from 'react'
import { modelPriceSchema, PRICE_FIELDS, today, type ModelPrice } from '../../../../shared/cost/prices'

type Texts = Record<string, string>

/** The table's editable columns, in order: what the header and each row (shown or edited) lay out. */
export const PRICE_COLUMNS = [
  { key: 'model', label: 'Model', unit: 'its id at the gateway' },
  { key: 'currency', label: 'Currency', unit: 'USD, EUR…' },
  ...PRICE_FIELDS.map((f) => ({ key: f.key, label: f.label, unit: f.unit })),
  { key: 'videoByResolution', label: 'Video by resolution', unit: 'per second, e.g. 720p=0.10; 1080p=0.15' },
  { key: 'setAt', label: 'Set on', unit: 'YYYY-MM-DD' },
] as const

const LABEL: Record<string, string> = {
  ...Object.fromEntries(PRICE_COLUMNS.map((c) => [c.key, c.label])),
  contextWindow: 'Context window',
  maxOutput: 'Max output',
}

function textsOf(price: ModelPrice | null): Texts {
  const t: Texts = {
    model: price?.model ?? '',
    currency: price?.currency ?? 'USD',
    setAt: price?.setAt ?? today(),
    videoByResolution: Object.entries(price?.videoByResolution ?? {})
      .map(([r, v]) => `${r}=${v}`)
      .join('; '),
    contextWindow: price?.contextWindow?.toString() ?? '',
    maxOutput: price?.maxOutput?.toString() ?? '',
  }
  for (const f of PRICE_FIELDS) t[f.key] = price?.[f.key]?.toString() ?? ''
  return t
}

/** The row the texts describe, or the problems found, each naming its field and rule. */
function readPriceTexts(t: Texts): { price: ModelPrice } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  const candidate: Record<string, unknown> = {
    model: t.model,
    currency: t.currency,
    setAt: t.setAt,
    source: 'user',
  }
  const number = (key: string, integer = false) => {
    const raw = (t[key] ?? '').trim()
    if (raw === '') return
    const n = Number(raw)
    if (!Number.isFinite(n)) errors[key] = `${LABEL[key]}: a number, such as 2.50`
    else if (integer && !Number.isInteger(n)) errors[key] = `${LABEL[key]}: a whole number`
    else candidate[key] = n
  }
  for (const f of PRICE_FIELDS) number(f.key)
  number('contextWindow', true)
  number('maxOutput', true)
  const byRes = (t.videoByResolution ?? '').trim()
  if (byRes) {
    const pairs = byRes
      .split(/[;,]/)
      .filter((p) => p.trim() !== '')
      .map((p) => p.split('=').map((s) => s.trim()))
    if (pairs.some((p) => p.length !== 2 || !p[0] || p[1] === '' || !Number.isFinite(Number(p[1]))))
      errors.videoByResolution = `${LABEL.videoByResolution}: pairs such as 720p=0.10; 1080p=0.15`
    else candidate.videoByResolution = Object.fromEntries(pairs.map(([r, v]) => [r, Number(v)]))
  }
  const parsed = modelPriceSchema.safeParse(candidate)
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'model')
      errors[key] ??= `${LABEL[key] ?? key}: ${issue.message.replace(/^[\w ()-]+: /, '')}`
    }
  if (Object.keys(errors).length || !parsed.success) return { errors }
  return { price: parsed.data }
}

/** The row being edited (or added), as table cells; Enter in any cell saves, Esc cancels. */
export function PriceRowEditor({
  initial,
  onSave,
  onCancel,
}: {
  initial: ModelPrice | null
  onSave(price: ModelPrice): Promise<string | null>
  onCancel(): void
}) {
  const formId = useId()
  const [texts, setTexts] = useState<Texts>(() => textsOf(initial))
  const [tried, setTried] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const read = readPriceTexts(texts)
  const errors = tried && 'errors' in read ? read.errors : {}
  const name = initial ? initial.model : 'new price'
  const errorCount = Object.keys(errors).length
  return (
    <>
      <tr className="price-edit-row" aria-label={initial ? `Editing ${initial.model}` : 'New price'}>
        {PRICE_COLUMNS.map((c, i) => (
          <td key={c.key} className={c.key === 'model' ? 'price-model-cell' : `price-cell-${c.key}`}>
            <input
              form={formId}
              value={texts[c.key] ?? ''}
              aria-label={`${c.label} (${name})`}
              title={c.unit}
              placeholder={c.key === 'model' ? 'model id' : c.key === 'videoByResolution' ? '720p=0.10' : ''}
              aria-invalid={!!errors[c.key] || undefined}
              aria-describedby={errors[c.key] ? `${formId}-${c.key}` : undefined}
              inputMode={
                c.key === 'model' || c.key === 'currency' || c.key === 'setAt' || c.key === 'videoByResolution'
                  ? 'text'
                  : 'decimal'
              }
              spellCheck={false}
              autoFocus={i === 0 && !initial}
              onKeyDown={(e) => e.key === 'Escape' && onCancel()}
              onChange={(e) => setTexts({ ...texts, [c.key]: e.target.value })}
            />
            {errors[c.key] && (
              <span className="field-error" id={`${formId}-${c.key}`}>
                {errors[c.key]}
              </span>
            )}
          </td>
        ))}
        <td className="row-actions">
          <form
            id={formId}
            onSubmit={async (e) => {
              e.preventDefault()
              setTried(true)
              setFailure(null)
              if ('errors' in read) return
              setSaving(true)
              const refused = await onSave(read.price)
              setSaving(false)
              setFailure(refused)
            }}
          >
            <button type="submit" className="primary small" aria-label="Save price" disabled={saving}>
              Save
            </button>
            <button type="button" className="small" aria-label="Cancel editing" onClick={onCancel}>
              Cancel
            </button>
          </form>
        </td>
      </tr>
      {(errorCount > 0 || failure) && (
        <tr className="price-edit-note">
          <td colSpan={PRICE_COLUMNS.length + 2}>
            <p className="field-error" role="alert">
              {failure ??
                `Not saved: ${errorCount} field${errorCount === 1 ? '' : 's'} to fix (${Object.values(errors).join('; ')}).`}
            </p>
          </td>
        </tr>
      )}
    </>
  )
}
