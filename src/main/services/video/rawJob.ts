// A video job made from an edited request JSON (endpoint 11 or 14): checked by the same rules as the form
// (shared/video/rawCheck.ts), errors refused unless the user sends anyway, and the record's summary read from
// the body as far as it goes. Invariant: the text is never rebuilt; the job sends it byte for byte.
import { consolePath } from '../../../shared/catalog/consoleTasks'
import { kindOfMode } from '../../../shared/catalog/jobKinds'
import type { RawVideoRequest } from '../../../shared/ipc/rawRequest'
import { AppError } from '../../../shared/ipc/result'
import { checkRawVideoBody } from '../../../shared/video/rawCheck'
import { analyzeVideoBody, parseFamilyDText } from '../../../shared/video/rules'
import { findVideoModel } from '../../../shared/catalog/videoModels'
import type { ResolvedProfile } from '../profiles'
import { newLife } from '../tasks/recordLife'
import type { JobRecord } from './jobRecord'
import { VIDEO_SUBMIT_PATH } from './requests'

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null)

/** Refuses a body with errors unless `force`; answers the path and the job record to submit. */
export function rawVideoJob(
  profile: ResolvedProfile,
  request: RawVideoRequest,
  now: number,
): { path: string; job: JobRecord } {
  const issues = checkRawVideoBody(request.kind, request.body)
  const errors = issues.filter((i) => i.severity === 'error')
  if (errors.length > 0 && !request.force) {
    throw new AppError('VIDEO_INVALID_INPUT', errors.map((i) => `${i.path}: ${i.message}`).join('; '), {
      issues,
    })
  }
  const parsed = errors.some((i) => i.rule === 'json') ? {} : (JSON.parse(request.body) as unknown)
  const body = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>
  const isConsole = request.kind === 'console'
  const model = str(body.model) ?? ''
  const analysis = isConsole ? null : analyzeVideoBody(body).request
  const family = isConsole ? 'console' : (findVideoModel(model)?.family ?? 'unknown')
  const content = (body.metadata as { content?: { type?: string; text?: string }[] } | undefined)?.content
  const dText = Array.isArray(content) ? content.find((c) => c?.type === 'text')?.text : undefined
  const prompt = str(body.prompt) ?? (typeof dText === 'string' ? parseFamilyDText(dText).prompt : '') ?? ''
  return {
    path: isConsole ? consolePath('videoSubmit') : VIDEO_SUBMIT_PATH,
    job: {
      ...newLife(profile, now),
      task: kindOfMode('video', request.kind),
      kind: request.kind,
      model: model || 'no model',
      family,
      mode: analysis?.mode ?? 'raw JSON',
      prompt,
      summary: {
        durationSeconds: analysis?.durationSeconds ?? (Number(body.duration) || 0),
        resolution: analysis?.resolution ?? str(body.resolution),
        aspectRatio: analysis?.aspectRatio ?? str(body.aspect_ratio),
        imageCount: analysis?.imageCount ?? 0,
        audio: analysis?.audio ?? false,
        sampleCount: analysis?.sampleCount ?? 1,
      },
      request: null,
      raw: { kind: request.kind, body: request.body },
      result: null,
    },
  }
}
