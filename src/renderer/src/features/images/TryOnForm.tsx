// Try-on (spec 19): the model photo and one or more garments (file or URL), every inference_config and logoInfo
// field with its type and a default, the optional req_key and return_url, and the body form (prefixed
// `cVDressingV4DTO.` as declared, or the plain imageUrl/clothingUrl usage, which carries one garment only).
import { INFERENCE_FLAGS, type TryOnForm as Form } from '../../../../shared/images/forms'
import { useImagesStore } from '../../stores/images'
import { ImageInput } from '../../components/imageInput/ImageInput'
import { BODY_FORM_OPTIONS } from './BatchImagesForm'
import { CheckField, Choice, FieldError, NumberField, TextField, useIssues } from './fields'
import { LOCAL_AS_OPTIONS } from './PhotoShootForm'
import { SelectOrOther } from './SelectOrOther'
import { mediaCalls } from '../../ipc/mediaCalls'

/** garment.data[].type: the spec gives `image` as its example and allows any string. */
const GARMENT_TYPES = [{ value: 'image', label: 'An image (image)' }] as const

const NUMBERS: { key: keyof Form['inference_config']; label: string; step?: number }[] = [
  { key: 'seed', label: 'Seed (integer, -1 random)', step: 1 },
  { key: 'num_steps', label: 'Steps (integer)', step: 1 },
  { key: 'p_bbox_iou_ratio', label: 'Box IoU ratio (0–1)' },
  { key: 'p_bbox_expand_ratio', label: 'Box expand ratio' },
  { key: 'max_process_side_length', label: 'Max processed side (px)', step: 1 },
]

export function TryOnForm() {
  const form = useImagesStore((s) => s.drafts['try-on'])
  const files = useImagesStore((s) => s.files)
  const update = useImagesStore((s) => s.update)
  const addFile = useImagesStore((s) => s.addFile)
  const issues = useIssues('try-on')
  const set = (patch: Partial<Form>, field?: string) => update('try-on', patch, field)
  const config = (patch: Partial<Form['inference_config']>, field: string) =>
    set({ inference_config: { ...form.inference_config, ...patch } }, `inference_config.${field}`)
  const logo = (patch: Partial<Form['logoInfo']>, field: string) =>
    set({ logoInfo: { ...form.logoInfo, ...patch } }, `logoInfo.${field}`)
  const setGarment = (i: number, patch: Partial<Form['garments'][number]>, field: string) =>
    set(
      { garments: form.garments.map((g, j) => (j === i ? { ...g, ...patch } : g)) },
      `garments[${i}].${field}`,
    )
  return (
    <div className="images-fields">
      <ImageInput
        importFile={mediaCalls.importFile}
        label="Model photo"
        value={form.person}
        image={files[form.person]}
        issue={issues.get('person')}
        onChange={(person) => set({ person }, 'person')}
        onImported={addFile}
      />
      {form.garments.map((g, i) => (
        <div key={i} className="images-part" role="group" aria-label={`Garment ${i + 1}`}>
          <ImageInput
            importFile={mediaCalls.importFile}
            label={`Garment ${i + 1}`}
            value={g.image}
            image={files[g.image]}
            issue={issues.get(`garments[${i}].image`)}
            onChange={(image) => setGarment(i, { image }, 'image')}
            onImported={addFile}
          />
          <SelectOrOther
            label={`Garment ${i + 1} is sent as`}
            options={GARMENT_TYPES}
            value={g.type}
            issue={issues.get(`garments[${i}].type`)}
            onChange={(type) => setGarment(i, { type }, 'type')}
          />
          {form.garments.length > 1 && (
            <button
              type="button"
              className="ghost"
              onClick={() => set({ garments: form.garments.filter((_, j) => j !== i) }, 'garments')}
            >
              Remove garment {i + 1}
            </button>
          )}
        </div>
      ))}
      <FieldError message={issues.get('garments')} />
      <button
        type="button"
        onClick={() => set({ garments: [...form.garments, { type: 'image', image: '' }] })}
      >
        Add a garment
      </button>
      <Choice
        label="How the request names its fields"
        value={form.bodyForm}
        options={BODY_FORM_OPTIONS}
        onChange={(bodyForm) => set({ bodyForm }, 'garments')}
      />
      {form.bodyForm === 'plain' ? (
        <p className="muted small">
          Short names send the person's and one garment's image only; the settings below are not sent.
        </p>
      ) : (
        <details>
          <summary>Inference and logo settings</summary>
          <div className="images-grid">
            {INFERENCE_FLAGS.map((key) => (
              <CheckField
                key={key}
                label={key}
                value={form.inference_config[key]}
                onChange={(v) => config({ [key]: v }, key)}
              />
            ))}
            {NUMBERS.map(({ key, label, step }) => (
              <NumberField
                key={key}
                label={label}
                step={step}
                value={form.inference_config[key] as number | undefined}
                issue={issues.get(`inference_config.${key}`)}
                onChange={(v) => config({ [key]: v }, key)}
              />
            ))}
            <TextField
              label="Tight mask"
              value={form.inference_config.tight_mask}
              onChange={(v) => config({ tight_mask: v }, 'tight_mask')}
            />
            <CheckField
              label="Add logo"
              value={form.logoInfo.add_logo}
              onChange={(v) => logo({ add_logo: v }, 'add_logo')}
            />
            <NumberField
              label="Logo position (integer)"
              step={1}
              value={form.logoInfo.position}
              issue={issues.get('logoInfo.position')}
              onChange={(v) => logo({ position: v }, 'position')}
            />
            <NumberField
              label="Logo language (integer)"
              step={1}
              value={form.logoInfo.language}
              issue={issues.get('logoInfo.language')}
              onChange={(v) => logo({ language: v }, 'language')}
            />
            <NumberField
              label="Logo opacity (0–1)"
              value={form.logoInfo.opacity}
              issue={issues.get('logoInfo.opacity')}
              onChange={(v) => logo({ opacity: v }, 'opacity')}
            />
            <TextField
              label="Request key (req_key)"
              value={form.req_key}
              onChange={(req_key) => set({ req_key })}
            />
            <CheckField
              label="Return URL"
              value={form.return_url}
              onChange={(return_url) => set({ return_url })}
            />
          </div>
        </details>
      )}
      {(form.person.startsWith('attachment:') ||
        form.garments.some((g) => g.image.startsWith('attachment:'))) && (
        <Choice
          label="The spec asks for image URLs; send uploaded files"
          value={form.localImageAs}
          options={LOCAL_AS_OPTIONS}
          onChange={(localImageAs) => set({ localImageAs })}
        />
      )}
    </div>
  )
}
