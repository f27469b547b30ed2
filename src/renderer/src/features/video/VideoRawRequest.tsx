// The Video panel's request JSON: endpoint 11 or 14 as the form would send it (from main's own builder), editable
// and sent byte for byte, checked by the same body rules as the form, with the Inspector and code export after.
import { useCallback } from 'react'
import { CONSOLE_API_PREFIX } from '../../../../shared/catalog/consoleTasks'
import { checkRawVideoBody } from '../../../../shared/video/rawCheck'
import { RawRequest } from '../../components/rawRequest/RawRequest'
import { jobsCalls } from '../../ipc/jobsCalls'
import { videoCalls } from '../../ipc/videoCalls'
import { useVideoStore } from '../../stores/video'

export function VideoRawRequest({ profileId }: { profileId: string | null }) {
  const kind = useVideoStore((s) => s.kind)
  const check = useCallback((text: string) => checkRawVideoBody(kind, text), [kind])
  return (
    <RawRequest
      endpoint={
        kind === 'console'
          ? `POST {console}${CONSOLE_API_PREFIX}svcVideoCompletions`
          : 'POST /v1/video/generations'
      }
      note="Images imported through the form show as placeholders: replace them with a URL or a data URL."
      load={async () => {
        if (!profileId) return { error: 'Pick a profile first (Settings).' }
        const r = await videoCalls.previewRequest(useVideoStore.getState().request(profileId))
        return r.ok ? { text: r.value.body } : { error: r.error.message }
      }}
      check={check}
      send={async (body, force) => {
        if (!profileId) return { error: 'Pick a profile first (Settings).' }
        const r = await videoCalls.submitRawRequest({ profileId, kind, body, force })
        return r.ok ? { jobId: r.value.job.id } : { error: r.error.message }
      }}
      exchange={async (jobId) => {
        const r = await jobsCalls.getExchange(jobId, 'submit')
        return r.ok ? r.value.exchange : null
      }}
    />
  )
}
