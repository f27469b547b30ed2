// What the Images panel keeps across a reload, a crash or a restart: every form as typed, the open task, and the
// files already imported into main's media store by reference (so nothing is uploaded again). Jobs are not kept
// here: main keeps them and the panel lists them from there.
import { z } from 'zod'
import { IMAGE_FORMS, perImageMode, type ImageDrafts } from '../../../../shared/images/forms'
import { importedMediaSchema } from '../../../../shared/ipc/media'
import { IMAGE_TABS } from '../../../../shared/catalog/jobKinds'
import { useImagesStore } from './imagesStore'
import type { PanelPersistence } from '../workspace'

const imagesStateSchema = z.object({
  tab: z.enum(IMAGE_TABS).catch('batch'),
  photoMode: z.enum(['easy', 'advanced']).catch('easy'),
  // A form that no longer reads (a field renamed since) starts again from its defaults; the others stay.
  drafts: z.object(
    perImageMode((m) => (IMAGE_FORMS[m].schema as z.ZodType<ImageDrafts[typeof m]>).optional().catch(undefined)),
  ) as unknown as z.ZodType<Partial<ImageDrafts>>,
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
      drafts: perImageMode((m) => saved.drafts[m] ?? s.drafts[m]) as ImageDrafts,
      files: { ...s.files, ...saved.files },
    })
  },
  subscribe: (onChange) =>
    useImagesStore.subscribe((n, p) => {
      if (n.tab !== p.tab || n.photoMode !== p.photoMode || n.drafts !== p.drafts || n.files !== p.files)
        onChange()
    }),
}
