// A <dialog> shown modal while its component is mounted: the page behind is inert, and when it goes the focus
// goes back to the control that had it, unless something else took it meanwhile.
import { useEffect, type RefObject } from 'react'

export function useModal(ref: RefObject<HTMLDialogElement | null>): void {
  useEffect(() => {
    const dialog = ref.current
    const opener = document.activeElement
    if (dialog && !dialog.open) dialog.showModal()
    return () => {
      if (dialog?.open) dialog.close()
      const now = document.activeElement
      const lost = !now || now === document.body || (dialog?.contains(now) ?? false)
      if (lost && opener instanceof HTMLElement && opener.isConnected) opener.focus()
    }
    // Once per mount: the opener is what had the focus when the dialog appeared.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}
