// Asks main what the current form would send (masked), its code export and its validation issues, a short
// while after the last change. Main runs the same rules as the submit, so the form shows exactly what a
// submit would refuse, field by field.
import { useEffect, useState } from 'react'
import type { VideoJobRequest, VideoPreview } from '../../../../shared/ipc/video'
import { videoCalls } from '../../ipc/videoCalls'

export function useRequestPreview(
  request: VideoJobRequest | null,
  delayMs = 250,
): { preview: VideoPreview | null; error: string | null } {
  const [state, setState] = useState<{ preview: VideoPreview | null; error: string | null }>({
    preview: null,
    error: null,
  })
  const key = request ? JSON.stringify(request) : ''
  useEffect(() => {
    if (!key) return
    let cancelled = false
    const timer = setTimeout(() => {
      void videoCalls.previewRequest(JSON.parse(key) as VideoJobRequest).then((result) => {
        if (cancelled) return
        setState(
          result.ok ? { preview: result.value, error: null } : { preview: null, error: result.error.message },
        )
      })
    }, delayMs)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [key, delayMs])
  return state
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
    map.set(issue.field, previous ? `${previous}; ${message}` : message)
  }
  return map
}
