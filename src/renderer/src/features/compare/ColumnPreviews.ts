// Keeps every column's translation preview current: when the shared draft, the columns or the active profile
// change, main builds each column's exact request (the same builders that send it) after a short pause. An
// answer for inputs that changed meanwhile is dropped, so a column never shows another draft's body.
import { useEffect } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { textCalls } from '../../ipc/textCalls'
import { useProfilesStore } from '../../stores/profiles'
import { requestVariables } from '../../stores/form'
import {
  columnDraft,
  type ColumnPreview,
  columnProfile,
  columnRequest,
  useCompareStore,
} from '../../stores/compare'

const PAUSE_MS = 250

/** Keeps the previews current; renders nothing, so a draft edit re-renders only this and the editor. */
export function ColumnPreviews(): null {
  useColumnPreviews()
  return null
}

function useColumnPreviews(): void {
  const inputs = useCompareStore(useShallow((s) => ({ shared: s.shared, columns: s.columns })))
  const activeId = useProfilesStore((p) => p.activeId)
  useEffect(() => {
    let cancelled = false
    const timer = setTimeout(() => {
      void (async () => {
        const { shared, columns } = inputs
        let requests
        try {
          requests = await Promise.all(columns.map((c) => columnRequest(shared, c)))
        } catch (error) {
          // The prompt too large to ride inline goes to main first (M1): without it there is nothing to preview.
          if (cancelled) return
          const message = `Could not hand the prompt to main: ${error instanceof Error ? error.message : String(error)}`
          const previews = Object.fromEntries(
            columns.map((c) => [c.id, { key: '', preview: null, error: message }]),
          )
          return useCompareStore.setState({ previews })
        }
        const entries = await Promise.all(
          columns.map(async (column, i): Promise<[string, ColumnPreview]> => {
            const key = JSON.stringify([column, activeId, shared.variables])
            const profileId = columnProfile(column)
            const { draft } = columnDraft(shared, column)
            const result = profileId
              ? await textCalls.previewRequest({
                  profileId,
                  format: column.format,
                  ...requests[i]!,
                  ...requestVariables(draft, shared.variables),
                })
              : null
            return [
              column.id,
              result?.ok
                ? { key, preview: result.value, error: null }
                : {
                    key,
                    preview: null,
                    error: result
                      ? result.error.message
                      : 'No connection profile is chosen: add one in Settings.',
                  },
            ]
          }),
        )
        // One update for every column, so the columns re-render once for a new draft, not once per body.
        if (!cancelled)
          useCompareStore.setState({
            previews: { ...useCompareStore.getState().previews, ...Object.fromEntries(entries) },
          })
      })()
    }, PAUSE_MS)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [inputs, activeId])
}
