// The Text panel's attachments: kept in the Text store, imported into main's media store, shown as chips.
import { AttachmentList, type AttachTarget } from '../../components/attachments/Attachments'
import { mediaCalls } from '../../ipc/mediaCalls'
import { useTextStore } from '../../stores/text'

export const TEXT_ATTACH_TARGET: AttachTarget = {
  attachments: () => useTextStore.getState().attachments,
  setAttachments: (attachments) => useTextStore.setState({ attachments }),
  // The error lives in the store, so it goes when its cause goes (Clear conversation, a sent message).
  setError: (attachError) => useTextStore.setState({ attachError }),
  format: () => useTextStore.getState().format,
  importFile: (file, onProgress) => mediaCalls.importFile(file, onProgress),
}

/** The Text panel's attachments. */
export function AttachmentChips() {
  const attachments = useTextStore((s) => s.attachments)
  const format = useTextStore((s) => s.format)
  return (
    <AttachmentList
      attachments={attachments}
      detail={format === 'chat' || format === 'responses'}
      onChange={(next) => useTextStore.setState({ attachments: next })}
    />
  )
}
