// Which mode a form is in, and the form as sent for that mode. Families A-C have no mode field on the wire: the
// mode is which image fields are filled, so fields of other modes are dropped before sending (a first frame
// chosen earlier does not ride along on a text-to-video request). Family D carries its mode in the form.
import { findVideoModel, type VideoMode, type VideoModel } from '../catalog/videoModels'
import type { VideoForm } from './forms'

/** Reference image slots the form offers at most where the spec states no cap (the job request's own bound). */
export const MAX_REFERENCE_SLOTS = 10

/** The mode the form's filled fields imply, or the model's first mode. */
export function modeOf(model: VideoModel, form: VideoForm): VideoMode {
  switch (form.family) {
    case 'A':
      if (form.remix_from_video_id) return 'remix'
      return form.input_reference ? 'firstFrame' : 'text'
    case 'B':
      if (form.lastFrame) return 'firstLast'
      return form.image ? 'firstFrame' : 'text'
    case 'C':
      return model.modes[0] ?? 'text'
    case 'D':
      return form.mode
  }
}

/** The form with the fields of other modes removed. */
export function formForMode(modelId: string, form: VideoForm, mode: VideoMode): VideoForm {
  const model = findVideoModel(modelId)
  if (!model) return form
  switch (form.family) {
    case 'A': {
      const { input_reference, remix_from_video_id, ...rest } = form
      if (mode === 'firstFrame') return { ...rest, input_reference }
      if (mode === 'remix') return { ...rest, remix_from_video_id }
      return rest
    }
    case 'B': {
      const { image, lastFrame, ...rest } = form
      if (mode === 'firstFrame') return { ...rest, image }
      if (mode === 'firstLast') return { ...rest, image, lastFrame }
      return rest
    }
    case 'C':
      return form
    case 'D': {
      const dMode = mode === 'remix' ? 'text' : mode
      const count =
        dMode === 'text' ? 0 : dMode === 'firstFrame' ? 1 : dMode === 'firstLast' ? 2 : form.images.length
      return { ...form, mode: dMode, images: form.images.slice(0, count) }
    }
  }
}

/** The image slots a mode offers: the form field, and the role label shown beside the picker. */
export function imageSlots(
  model: VideoModel,
  form: VideoForm,
  mode: VideoMode,
): { key: string; label: string }[] {
  switch (form.family) {
    case 'A':
      return mode === 'firstFrame' ? [{ key: 'input_reference', label: 'First frame (input_reference)' }] : []
    case 'B':
      if (mode === 'firstFrame') return [{ key: 'image', label: 'First frame (image)' }]
      if (mode === 'firstLast') {
        return [
          { key: 'image', label: 'First frame (image)' },
          { key: 'lastFrame', label: 'Last frame (lastFrame)' },
        ]
      }
      return []
    case 'C':
      return mode === 'firstFrame' ? [{ key: 'image', label: 'First frame (image)' }] : []
    case 'D': {
      if (mode === 'firstFrame') return [{ key: 'images.0', label: 'First frame' }]
      if (mode === 'firstLast') {
        return [
          { key: 'images.0', label: 'First frame' },
          { key: 'images.1', label: 'Last frame' },
        ]
      }
      if (mode === 'reference') {
        // A cap the spec states holds the slots to it; the app's assumed cap only warns (one more slot stays
        // open, up to a bound of the page's own).
        const cap = model.assumed.includes('maxReferenceImages')
          ? MAX_REFERENCE_SLOTS
          : (model.maxReferenceImages ?? MAX_REFERENCE_SLOTS)
        const n = Math.min(Math.max(form.images.length + 1, 1), cap)
        return Array.from({ length: n }, (_, i) => ({
          key: `images.${i}`,
          label: `Reference ${i + 1} ([图${i + 1}])`,
        }))
      }
      return []
    }
  }
}

/** Reads an image slot's value. */
export function slotValue(form: VideoForm, key: string): string {
  if (key.startsWith('images.')) return form.family === 'D' ? (form.images[Number(key.slice(7))] ?? '') : ''
  return ((form as unknown as Record<string, unknown>)[key] as string | undefined) ?? ''
}

/** Writes an image slot (empty string clears it; family D's list closes its gaps). */
export function withSlot(form: VideoForm, key: string, value: string): VideoForm {
  if (key.startsWith('images.')) {
    if (form.family !== 'D') return form
    const images = [...form.images]
    images[Number(key.slice(7))] = value
    return { ...form, images: images.filter((v) => v !== undefined && v !== '') }
  }
  return { ...form, [key]: value === '' ? undefined : value } as VideoForm
}
