// A console image job made from an edited request JSON (endpoints 16–19): checked by the same body checks as
// the form's submit (shared/images/rawCheck.ts), errors refused unless the user sends anyway, the title read from
// the body. Invariant: the text is never rebuilt; the job sends it byte for byte.
import { consolePath } from '../../../shared/catalog/consoleTasks'
import { checkRawImageBody } from '../../../shared/images/rawCheck'
import { imageKindOf, JOB_KIND } from '../../../shared/catalog/jobKinds'
import type { RawImageRequest } from '../../../shared/ipc/rawRequest'
import { AppError } from '../../../shared/ipc/result'
import type { ResolvedProfile } from '../profiles'
import { newLife } from '../tasks/recordLife'
import type { ImageRecord } from './imageRecord'

function promptOf(text: string): string | null {
  try {
    const body = JSON.parse(text) as Record<string, unknown>
    const p = body.prompt ?? body['batchImageGenerationDTO.prompt']
    return typeof p === 'string' && p.trim() ? p.slice(0, 200) : null
  } catch {
    return null
  }
}

export function rawImageJob(
  profile: ResolvedProfile,
  request: RawImageRequest,
  now: number,
): { path: string; job: ImageRecord } {
  const issues = checkRawImageBody(request.endpoint, request.body)
  const errors = issues.filter((i) => i.severity === 'error')
  if (errors.length > 0 && !request.force) {
    throw new AppError('IMAGES_INVALID_INPUT', errors.map((i) => `${i.path}: ${i.message}`).join('; '), {
      issues,
    })
  }
  // The registry names the kind the endpoint submits: its form mode and its name.
  const task = imageKindOf(request.endpoint)
  const entry = JOB_KIND[task]
  const kind = { mode: entry.formModes[0] as ImageRecord['mode'], label: entry.title ?? entry.label }
  return {
    path: consolePath(request.endpoint),
    job: {
      ...newLife(profile, now),
      task,
      mode: kind.mode,
      title: `${promptOf(request.body) ?? kind.label} (edited JSON)`,
      request: null,
      raw: { endpoint: request.endpoint, body: request.body },
      expected: null,
      answerUrls: [],
      results: [],
      beforeMediaId: null,
    },
  }
}
