// What the Images panel keeps across a reload, a crash or a restart: every form as typed, the open task, and the
// files already imported into main's media store by reference (so nothing is uploaded again). Jobs are not kept
// here: main keeps them and the panel lists them from there.
import { z } from 'zod'
import {
  advancedFormSchema,
  batchFormSchema,
  easyFormSchema,
  tryOnFormSchema,
} from '../../../../shared/images/forms'
import { importedMediaSchema } from '../../../../shared/ipc/media'
import { useImagesStore } from './imagesStore'
import type { PanelPersistence } from '../workspace'

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
