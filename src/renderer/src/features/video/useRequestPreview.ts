// Asks main what the current form would send (masked), its code export and its validation issues, a short
// while after the last change. Main runs the same rules as the submit, so the form shows exactly what a
// submit would refuse, field by field.
import { useCallback, useEffect, useState } from 'react'
import type { VideoJobRequest, VideoPreview } from '../../../../shared/ipc/video'
import { videoCalls } from '../../ipc/videoCalls'

export interface PreviewState {
  preview: VideoPreview | null
  error: string | null
}

export function useRequestPreview(
  request: VideoJobRequest | null,
  delayMs = 250,
): PreviewState & {
  /** The preview of the form as it is now: the shown one if it is current, else asked for at once (a submit
   *  pressed before the debounced preview came back must not be judged by the previous form's issues). */
  fresh(): Promise<PreviewState>
} {
  const [state, setState] = useState<PreviewState & { key: string }>({ key: '', preview: null, error: null })
  const key = request ? JSON.stringify(request) : ''
  useEffect(() => {
    if (!key) return
    let cancelled = false
    const timer = setTimeout(() => {
      void ask(key).then((next) => {
        if (!cancelled) setState({ key, ...next })
      })
    }, delayMs)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [key, delayMs])
  const fresh = useCallback(
    (): Promise<PreviewState> => (!key || state.key === key ? Promise.resolve(state) : ask(key)),
    [key, state],
  )
  return { preview: state.preview, error: state.error, fresh }
}

async function ask(key: string): Promise<PreviewState> {
  const result = await videoCalls.previewRequest(JSON.parse(key) as VideoJobRequest)
  return result.ok ? { preview: result.value, error: null } : { preview: null, error: result.error.message }
}

/**
 * Messages by field (`prompt`, `durationSeconds`, `images[1]`…), for showing beside each control; a warning
 * says so. The catalog note is not a field's problem: the form shows it beside the model id.
 */
export function issuesByField(preview: VideoPreview | null): Map<string, string> {
  const map = new Map<string, string>()
  for (const issue of preview?.issues ?? []) {
    if (issue.rule === 'catalog') continue
    const message = issue.severity === 'warning' ? `Warning: ${issue.message}` : issue.message
    const previous = map.get(issue.field)
    // Errors first: a field's text starts with "Warning: " only when all it has are warnings.
    map.set(
      issue.field,
      !previous
        ? message
        : issue.severity === 'warning'
          ? `${previous}; ${message}`
          : `${message}; ${previous}`,
    )
  }
  return map
}
