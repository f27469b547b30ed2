// Photo-shoot (spec 17, 18): easy mode sends a size and parts of text and images (a URL, or an uploaded file sent
// as Base64); advanced mode sends a product image and mask and a template image and mask, where a mask can be a
// file or painted over its image here. Where the spec asks for a URL and the user gave a file, the form says how
// it will be sent and lets the user choose.
import { useState } from 'react'
import { LOCAL_IMAGE_AS, type LocalImageAs } from '../../../../shared/images/forms'
import { useImagesStore } from '../../stores/images'
import { ImageInput } from '../../components/imageInput/ImageInput'
import { Choice, FieldError, TextField, useIssues } from './fields'
import { MaskPainter } from './MaskPainter'
import { mediaCalls } from '../../ipc/mediaCalls'

const LOCAL_AS_LABEL: Record<LocalImageAs, string> = {
  dataUrl: 'as a data URL (data:image/png;base64,…)',
  base64: 'as bare Base64',
}
export const LOCAL_AS_OPTIONS = LOCAL_IMAGE_AS.map((value) => ({ value, label: LOCAL_AS_LABEL[value] }))

function EasyMode() {
  const form = useImagesStore((s) => s.drafts.easy)
  const files = useImagesStore((s) => s.files)
  const update = useImagesStore((s) => s.update)
  const addFile = useImagesStore((s) => s.addFile)
  const issues = useIssues('easy')
  const setPart = (i: number, patch: { text?: string; image?: string }, field: string) =>
    update('easy', { parts: form.parts.map((p, j) => (j === i ? { ...p, ...patch } : p)) }, field)
  return (
    <div className="images-fields">
      <TextField
        label="Size"
        value={form.size}
        issue={issues.get('size')}
        onChange={(size) => update('easy', { size }, 'size')}
      />
      {form.parts.map((part, i) => (
        <div key={i} className="images-part" role="group" aria-label={`Part ${i + 1}`}>
          {part.image === undefined ? (
            <TextField
              label={`Part ${i + 1} text`}
              multiline
              value={part.text}
              onChange={(text) => setPart(i, { text }, `parts[${i}]`)}
            />
          ) : (
            <ImageInput
              importFile={mediaCalls.importFile}
              label={`Part ${i + 1} image`}
              value={part.image}
              image={files[part.image]}
              issue={issues.get(`parts[${i}].image`)}
              onChange={(image) => setPart(i, { image }, `parts[${i}]`)}
              onImported={addFile}
            />
          )}
          <FieldError message={issues.get(`parts[${i}]`)} />
          <button
            type="button"
            className="ghost"
            onClick={() => update('easy', { parts: form.parts.filter((_, j) => j !== i) }, 'parts')}
          >
            Remove part {i + 1}
          </button>
        </div>
      ))}
      <FieldError message={issues.get('parts')} />
      <div className="video-row">
        <button type="button" onClick={() => update('easy', { parts: [...form.parts, { text: '' }] })}>
          Add a text part
        </button>
        <button type="button" onClick={() => update('easy', { parts: [...form.parts, { image: '' }] })}>
          Add an image part
        </button>
      </div>
      <p className="muted small">Uploaded images are sent as Base64 in the part's image field.</p>
    </div>
  )
}

const PAIRS = [
  { image: 'productImage', mask: 'productMask', label: 'Product' },
  { image: 'templateImage', mask: 'templateMask', label: 'Template' },
] as const

function AdvancedMode() {
  const form = useImagesStore((s) => s.drafts.advanced)
  const files = useImagesStore((s) => s.files)
  const update = useImagesStore((s) => s.update)
  const addFile = useImagesStore((s) => s.addFile)
  const issues = useIssues('advanced')
  const [painting, setPainting] = useState<string | null>(null)
  const anyFile = PAIRS.some(
    (p) => form[p.image].startsWith('attachment:') || form[p.mask].startsWith('attachment:'),
  )
  return (
    <div className="images-fields">
      {PAIRS.map((pair) => {
        const image = files[form[pair.image]]
        return (
          <div key={pair.image} className="images-pair">
            <ImageInput
              importFile={mediaCalls.importFile}
              label={`${pair.label} image`}
              value={form[pair.image]}
              image={image}
              issue={issues.get(pair.image)}
              onChange={(v) => update('advanced', { [pair.image]: v }, pair.image)}
              onImported={addFile}
            />
            {painting === pair.mask && image ? (
              <MaskPainter
                label={`${pair.label} mask`}
                image={image}
                onCancel={() => setPainting(null)}
                onDone={(mask) => {
                  addFile(mask)
                  update('advanced', { [pair.mask]: mask.ref }, pair.mask)
                  setPainting(null)
                }}
              />
            ) : (
              <>
                <ImageInput
                  importFile={mediaCalls.importFile}
                  label={`${pair.label} mask`}
                  value={form[pair.mask]}
                  image={files[form[pair.mask]]}
                  issue={issues.get(pair.mask)}
                  onChange={(v) => update('advanced', { [pair.mask]: v }, pair.mask)}
                  onImported={addFile}
                />
                <button
                  type="button"
                  disabled={!image?.image}
                  title={image?.image ? undefined : 'Upload the image first to paint over it'}
                  onClick={() => setPainting(pair.mask)}
                >
                  Paint the {pair.label.toLowerCase()} mask
                </button>
              </>
            )}
          </div>
        )
      })}
      {anyFile && (
        <Choice
          label="The spec asks for image URLs; send uploaded files"
          value={form.localImageAs}
          options={LOCAL_AS_OPTIONS}
          onChange={(localImageAs) => update('advanced', { localImageAs })}
        />
      )}
    </div>
  )
}

export function PhotoShootForm() {
  const mode = useImagesStore((s) => s.photoMode)
  const setMode = useImagesStore((s) => s.setPhotoMode)
  return (
    <>
      <Choice
        label="Mode"
        value={mode}
        options={[
          { value: 'easy', label: 'Easy: text and images' },
          { value: 'advanced', label: 'Advanced: images with masks' },
        ]}
        onChange={setMode}
      />
      {mode === 'easy' ? <EasyMode /> : <AdvancedMode />}
    </>
  )
}
