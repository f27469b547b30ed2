// What the Video panel keeps across a reload, a crash or a restart: every form as typed, the open model, and the
// images already imported into main's media store by reference (so nothing is uploaded again). Jobs are not kept
// here: main keeps them and the panel lists them from there.
import { z } from 'zod'
import { importedMediaSchema } from '../../../../shared/ipc/media'
import { consoleVideoFormSchema } from '../../../../shared/ipc/video'
import { findVideoModel } from '../../../../shared/catalog/videoModels'
import { useVideoStore } from './videoStore'
import type { PanelPersistence } from '../workspace'

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
