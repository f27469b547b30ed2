// The Images panel's request JSON: endpoint 16–19 as the current form would send it, editable and sent byte for
// byte, checked by the same body checks, with the submit exchange (jobs.getExchange) and code export after.
import { useCallback } from 'react'
import { CONSOLE_API_PREFIX } from '../../../../shared/catalog/consoleTasks'
import { buildImageBody } from '../../../../shared/images/bodies'
import type { ImageMode } from '../../../../shared/images/forms'
import { checkRawImageBody } from '../../../../shared/images/rawCheck'
import { endpointOfMode } from '../../../../shared/catalog/jobKinds'
import { IMAGE_ENDPOINT_PATH } from '../../../../shared/ipc/rawRequest'
import { RawRequest } from '../../components/rawRequest/RawRequest'
import { jobsCalls } from '../../ipc/jobsCalls'
import { videoCalls } from '../../ipc/videoCalls'
import { useImagesStore } from '../../stores/images'

export function ImagesRawRequest({ profileId, mode }: { profileId: string | null; mode: ImageMode }) {
  const endpoint = endpointOfMode(mode)
  const check = useCallback((text: string) => checkRawImageBody(endpoint, text), [endpoint])
  return (
    <RawRequest
      key={endpoint}
      endpoint={`POST {console}${CONSOLE_API_PREFIX}${IMAGE_ENDPOINT_PATH[endpoint]}`}
      note="Files picked in the form show as attachment: references: replace them with image URLs to send them raw."
      load={() => {
        const form = useImagesStore.getState().drafts[mode]
        return Promise.resolve({
          text: JSON.stringify(
            buildImageBody(form, (_f, ref) => ref),
            null,
            2,
          ),
        })
      }}
      check={check}
      send={async (body, force) => {
        if (!profileId) return { error: 'Pick a profile first (Settings).' }
        const r = await videoCalls.submitRawImages({ profileId, endpoint, body, force })
        return r.ok ? { jobId: r.value.job.id } : { error: r.error.message }
      }}
      exchange={async (jobId) => {
        const r = await jobsCalls.getExchange(jobId, 'submit')
        return r.ok ? r.value.exchange : null
      }}
    />
  )
}
