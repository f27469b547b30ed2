// What a video job bills: its seconds of video (all the clips a family B job makes) at its resolution (family A's
// size, `1280x720`; the others' `720p`), read from the form the job was submitted with and the model's defaults
// for what the form leaves out. The cost service prices it per second at that resolution's rate.
import type { VideoModel } from '../catalog/videoModels'
import type { VideoForm } from './forms'

export interface VideoBill {
  seconds: number
  resolution: string | null
}

const whole = (v: unknown, fallback: number): number => {
  const n = typeof v === 'string' ? Number(v) : v
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : fallback
}

export function videoBill(model: VideoModel, form: VideoForm): VideoBill {
  switch (form.family) {
    case 'A': {
      const sized = form.width && form.height ? `${form.width}x${form.height}` : undefined
      return {
        seconds: whole(form.seconds, model.defaultDuration),
        resolution: form.size ?? sized ?? model.defaultSize ?? null,
      }
    }
    case 'B':
      return {
        seconds: whole(form.durationSeconds, model.defaultDuration) * whole(form.sampleCount, 1),
        resolution: form.resolution ?? model.defaultResolution ?? null,
      }
    case 'C':
    case 'D':
      return {
        seconds: whole(form.duration, model.defaultDuration),
        resolution: form.resolution ?? model.defaultResolution ?? null,
      }
  }
}
