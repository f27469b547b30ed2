// What the Images and Video panels keep across a reload, a crash or a restart: every form as typed, the open
// task or model, and the files already imported into main's media store by reference (so nothing is uploaded
// again). Jobs are not kept here: main keeps them and the panels list them from there.
import { z } from 'zod'
import {
  advancedFormSchema,
  batchFormSchema,
  easyFormSchema,
  tryOnFormSchema,
} from '../../../../shared/images/forms'
import { importedMediaSchema } from '../../../../shared/ipc/media'
import { consoleVideoFormSchema } from '../../../../shared/ipc/video'
import { findVideoModel } from '../../../../shared/catalog/videoModels'
import { useImagesStore } from './imagesStore'
import { useVideoStore } from '../video/videoStore'
import type { PanelPersistence } from '../workspace/persistPanel'

const imagesStateSchema = z.object({
  tab: z.enum(['batch', 'photo-shoot', 'try-on']).catch('batch'),
  photoMode: z.enum(['easy', 'advanced']).catch('easy'),
  // A form that no longer reads (a field renamed since) starts again from its defaults; the others stay.
  drafts: z.object({
    batch: batchFormSchema.optional().catch(undefined),
    easy: easyFormSchema.optional().catch(undefined),
    advanced: advancedFormSchema.optional().catch(undefined),
    'try-on': tryOnFormSchema.optional().catch(undefined),
  }),
  files: z.record(z.string(), importedMediaSchema).catch({}),
})
type ImagesPanelState = z.infer<typeof imagesStateSchema>

export const imagesPanelPersistence: PanelPersistence<ImagesPanelState> = {
  panel: 'images',
  schema: imagesStateSchema,
  snapshot() {
    const s = useImagesStore.getState()
    return { tab: s.tab, photoMode: s.photoMode, drafts: s.drafts, files: s.files }
  },
  restore(saved) {
    const s = useImagesStore.getState()
    useImagesStore.setState({
      tab: saved.tab,
      photoMode: saved.photoMode,
      drafts: {
        batch: saved.drafts.batch ?? s.drafts.batch,
        easy: saved.drafts.easy ?? s.drafts.easy,
        advanced: saved.drafts.advanced ?? s.drafts.advanced,
        'try-on': saved.drafts['try-on'] ?? s.drafts['try-on'],
      },
      files: { ...s.files, ...saved.files },
    })
  },
  subscribe: (onChange) =>
    useImagesStore.subscribe((n, p) => {
      if (n.tab !== p.tab || n.photoMode !== p.photoMode || n.drafts !== p.drafts || n.files !== p.files)
        onChange()
    }),
}

const FAMILIES: readonly string[] = ['A', 'B', 'C', 'D']

const videoStateSchema = z.object({
  kind: z.enum(['model', 'console']).catch('model'),
  // A catalog id, or an id outside the catalog the user typed (its form says which family's body it sends).
  modelId: z.string().max(100),
  // Checked field by field against the model's rules when submitted, as a typed form is.
  forms: z.record(z.string(), z.looseObject({ family: z.string() })).catch({}),
  modes: z.record(z.string(), z.string()).catch({}),
  consoleForm: consoleVideoFormSchema.optional().catch(undefined),
  images: z.record(z.string(), importedMediaSchema).catch({}),
})
type VideoPanelState = z.infer<typeof videoStateSchema>
type VideoStore = ReturnType<typeof useVideoStore.getState>

export const videoPanelPersistence: PanelPersistence<VideoPanelState> = {
  panel: 'video',
  schema: videoStateSchema,
  snapshot() {
    const s = useVideoStore.getState()
    return {
      kind: s.kind,
      modelId: s.modelId,
      forms: s.forms as unknown as VideoPanelState['forms'],
      modes: s.modes,
      consoleForm: s.consoleForm,
      images: s.images,
    }
  },
  restore(saved) {
    const s = useVideoStore.getState()
    const forms = Object.fromEntries(
      Object.entries(saved.forms).filter(([id, form]) =>
        findVideoModel(id) ? findVideoModel(id)!.family === form.family : FAMILIES.includes(form.family),
      ),
    ) as unknown as VideoStore['forms']
    const known = findVideoModel(saved.modelId) !== undefined || forms[saved.modelId] !== undefined
    useVideoStore.setState({
      kind: saved.kind,
      modelId: known ? saved.modelId : s.modelId,
      forms: { ...s.forms, ...forms },
      modes: { ...s.modes, ...(saved.modes as VideoStore['modes']) },
      consoleForm: saved.consoleForm ?? s.consoleForm,
      images: { ...s.images, ...saved.images },
    })
  },
  subscribe: (onChange) =>
    useVideoStore.subscribe((n, p) => {
      if (
        n.kind !== p.kind ||
        n.modelId !== p.modelId ||
        n.forms !== p.forms ||
        n.modes !== p.modes ||
        n.consoleForm !== p.consoleForm ||
        n.images !== p.images
      )
        onChange()
    }),
}
