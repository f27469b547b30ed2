// Batch images (spec 16): every field of the spec's table with its type, the reference image as a URL or a file,
// and the body form (prefixed `batchImageGenerationDTO.` as declared, or plain as one usage sends it).
import { BATCH_IMAGE_CHOICES, BATCH_IMAGE_MAX_N } from '../../../../shared/catalog/consoleTasks'
import { useImagesStore } from '../../stores/images'
import { ImageInput } from '../../components/imageInput/ImageInput'
import { CheckField, Choice, NumberField, SuggestedField, TextField, useIssues } from './fields'
import { mediaCalls } from '../../ipc/mediaCalls'

export const BODY_FORM_OPTIONS = [
  { value: 'prefixed', label: "Full names, as the gateway's spec writes them" },
  { value: 'plain', label: "Short names, as one of the spec's examples sends them" },
] as const

export function BatchImagesForm() {
  const form = useImagesStore((s) => s.drafts.batch)
  const files = useImagesStore((s) => s.files)
  const update = useImagesStore((s) => s.update)
  const addFile = useImagesStore((s) => s.addFile)
  const issues = useIssues('batch')
  const set = (field: string, patch: Partial<typeof form>) => update('batch', patch, field)
  return (
    <div className="images-fields">
      <TextField
        label="Model"
        value={form.model}
        issue={issues.get('model')}
        onChange={(model) => set('model', { model })}
      />
      <TextField
        label="Prompt"
        multiline
        value={form.prompt}
        issue={issues.get('prompt')}
        onChange={(prompt) => set('prompt', { prompt })}
      />
      <div className="images-grid">
        <NumberField
          label={`Number of images (1–${BATCH_IMAGE_MAX_N})`}
          value={form.n}
          step={1}
          issue={issues.get('n')}
          onChange={(n) => set('n', { n: n ?? Number.NaN })}
        />
        <TextField
          label="Size"
          value={form.size}
          issue={issues.get('size')}
          onChange={(size) => set('size', { size })}
        />
        <NumberField
          label="Temperature (integer)"
          value={form.temperature}
          step={1}
          issue={issues.get('temperature')}
          onChange={(temperature) => set('temperature', { temperature: temperature ?? Number.NaN })}
        />
        <NumberField
          label="Score threshold"
          value={form.score}
          onChange={(score) => set('score', { score })}
        />
        <SuggestedField
          label="Quality"
          value={form.quality}
          options={BATCH_IMAGE_CHOICES.quality}
          onChange={(quality) => set('quality', { quality })}
        />
        <SuggestedField
          label="Response format"
          value={form.responseFormat}
          options={BATCH_IMAGE_CHOICES.responseFormat}
          onChange={(responseFormat) => set('responseFormat', { responseFormat })}
        />
        <SuggestedField
          label="Optimize prompt"
          value={form.optimizePrompt}
          options={BATCH_IMAGE_CHOICES.optimizePrompt}
          onChange={(optimizePrompt) => set('optimizePrompt', { optimizePrompt })}
        />
        <SuggestedField
          label="Sequential image generation"
          value={form.sequentialImageGeneration}
          options={BATCH_IMAGE_CHOICES.sequentialImageGeneration}
          onChange={(sequentialImageGeneration) =>
            set('sequentialImageGeneration', { sequentialImageGeneration })
          }
        />
      </div>
      <CheckField
        label="Watermark"
        value={form.watermark}
        onChange={(watermark) => set('watermark', { watermark })}
      />
      <TextField
        label="Prompt options (JSON object)"
        multiline
        value={form.promptOptions}
        issue={issues.get('promptOptions')}
        placeholder='{"style": "photo"}'
        onChange={(promptOptions) => set('promptOptions', { promptOptions })}
      />
      <TextField
        label="Sequential image generation options (JSON object)"
        multiline
        value={form.sequentialImageGenerationOptions}
        issue={issues.get('sequentialImageGenerationOptions')}
        placeholder='{"max_images": 4}'
        onChange={(v) => set('sequentialImageGenerationOptions', { sequentialImageGenerationOptions: v })}
      />
      <ImageInput
        importFile={mediaCalls.importFile}
        label="Reference image"
        value={form.image ?? ''}
        image={form.image ? files[form.image] : undefined}
        issue={issues.get('image')}
        onChange={(image) => set('image', { image })}
        onImported={addFile}
      />
      <Choice
        label="How the request names its fields"
        value={form.bodyForm}
        options={BODY_FORM_OPTIONS}
        onChange={(bodyForm) => set('bodyForm', { bodyForm })}
      />
    </div>
  )
}
