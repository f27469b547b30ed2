// The console image tasks' gateway steps for the task engine: the submit (16–19, console token) read from its
// `{code, msg, data}` envelope, one query of endpoint 20 for tasks with an id, and the fetch of every result image
// into the media store, once (R7). Every path ends in an outcome the engine shows: pending, transient (with its
// cause: network, 429, 5xx, a malformed answer), failed (the envelope's code and msg), succeeded.
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { CONSOLE_SUCCESS_CODE, consolePath, PHOTO_SHOOT_STATUS } from '../../../shared/catalog/consoleTasks'
import { AppError } from '../../../shared/ipc/result'
import type { JobError } from '../../../shared/ipc/jobLife'
import { decodeBase64, imageDimensions, parseImageReference } from '../../../shared/video/images'
import { responseText, type GatewayClient } from '../gateway'
import type { MediaStore } from '../mediaStore'
import type { ResolvedProfile } from '../profiles'
import type { SendContext } from '../tasks/domain'
import type { StepContext, StepOutcome, SubmitOutcome } from '../tasks/types'
import {
  describeError,
  describeHttpError,
  isObject,
  parseJson,
  pollThrew,
  retryableAnswer,
} from '../tasks/answers'
import { fetchResultRecorded } from '../tasks/resultFetch'
import { ResultFetchError, resultTooLarge } from '../tasks/fetchToFile'
import { readHeader } from '../storedImage'
import type { ImageRecord } from './imageRecord'
import { sendRequest } from '../sendRequest'
import { submitRequest, type OutgoingRequest } from '../tasks/submitRequest'
import { taskIdInUrl } from '../../../shared/taskId'

export interface ImageStepDeps {
  now: () => number
  gateway: GatewayClient
  media: MediaStore
  fetchIdleMs: number
  /** The largest image kept, bytes (Settings → Downloads), read when a result is fetched. */
  maxResultBytes: () => number
  userAgent?: string
}

type Ctx = StepContext & { profile: ResolvedProfile }

const queryPath = (taskId: string): string =>
  `${consolePath('photoShootQuery')}?taskId=${taskIdInUrl(taskId)}`

/** The envelope's refusal as a job error: its code and msg, with the HTTP status. */
function refusal(stage: JobError['stage'], answer: unknown, status: number, text: string): JobError {
  if (isObject(answer) && answer.code !== undefined) {
    return {
      stage,
      code: `CONSOLE_${String(answer.code)}`,
      message: `The console answered code ${String(answer.code)}: ${typeof answer.msg === 'string' && answer.msg ? answer.msg : 'no message'}.`,
      httpStatus: status,
    }
  }
  return {
    stage,
    code: status >= 400 ? `HTTP_${status}` : 'BAD_RESPONSE',
    message: status >= 400 ? describeHttpError(status, text) : 'The console answered without an envelope.',
    httpStatus: status,
  }
}

/** The result image URLs of a photo-shoot query (`data.result.images[]`), a batch (`data.images[].url`) or easy mode (`data.url`). */
function imageUrls(data: unknown): string[] | null {
  if (!isObject(data)) return null
  const list = isObject(data.result) ? data.result.images : data.images
  if (Array.isArray(list)) {
    const urls = list.map((v) => (typeof v === 'string' ? v : isObject(v) ? v.url : undefined))
    return urls.every((u): u is string => typeof u === 'string' && u !== '') ? urls : null
  }
  return typeof data.url === 'string' && data.url !== '' ? [data.url] : null
}

export class ImageSteps {
  constructor(private readonly deps: ImageStepDeps) {}

  /** Endpoint 16–19 with the prepared body: the task id to poll, or the images answered at once. */
  async send(
    job: ImageRecord,
    profile: ResolvedProfile,
    request: OutgoingRequest,
    ctx: SendContext,
  ): Promise<SubmitOutcome> {
    const res = await submitRequest(this.deps.gateway, profile, 'console', request, ctx)
    const { text, answer } = res
    const failed = (error: JobError): SubmitOutcome => ({ type: 'failed', error })
    if (!res.ok || !isObject(answer) || answer.code !== CONSOLE_SUCCESS_CODE) {
      return failed(refusal('submit', answer, res.status, text))
    }
    const data = answer.data
    if (job.task === 'batch-images' || job.mode === 'easy') {
      const urls = imageUrls(data)
      if (!urls || urls.length === 0) {
        return failed({
          stage: 'submit',
          code: 'BAD_RESPONSE',
          message: 'The console answered without result images.',
          httpStatus: res.status,
        })
      }
      job.answerUrls = urls
      job.expected = urls.length
      return { type: 'answered', remoteStatus: 'succeeded' }
    }
    const taskId = typeof data === 'string' ? data : isObject(data) ? data.task_id : undefined
    if (typeof taskId !== 'string' || taskId === '') {
      return failed({
        stage: 'submit',
        code: 'BAD_RESPONSE',
        message: 'The console answered without a task id.',
        httpStatus: res.status,
      })
    }
    return { type: 'accepted', taskId, remoteStatus: 'submitted' }
  }

  async step(job: ImageRecord, ctx: Ctx): Promise<StepOutcome> {
    if (job.remoteStatus === 'succeeded') return this.fetchResults(job, ctx)
    const outcome = await this.query(job, ctx)
    if (outcome !== null) return outcome
    await ctx.downloading()
    if (!ctx.current()) return { type: 'stale' }
    return this.fetchResults(job, ctx)
  }

  /** One query of endpoint 20; null once the task succeeded (its URLs are on the record). */
  private async query(job: ImageRecord, ctx: Ctx): Promise<StepOutcome | null> {
    let res
    try {
      res = await sendRequest(
        this.deps.gateway,
        ctx.profile,
        { kind: 'console', method: 'GET', path: queryPath(job.taskId!) },
        { maxRetries: 0, signal: ctx.signal },
      )
    } catch (error) {
      return pollThrew(error, ctx)
    }
    job.polls++
    const text = responseText(res)
    ctx.keepExchange('poll', res.exchange.snapshot())
    if (!ctx.current()) return { type: 'stale' }
    const answer = parseJson(text)
    const retry = retryableAnswer(res, text)
    if (retry) return retry
    if (!res.ok || (isObject(answer) && answer.code !== undefined && answer.code !== CONSOLE_SUCCESS_CODE)) {
      return { type: 'failed', error: refusal('poll', answer, res.status, text) }
    }
    const data = isObject(answer) ? answer.data : undefined
    const status = isObject(data) && typeof data.status === 'string' ? data.status : null
    if (status === null) {
      return {
        type: 'transient',
        message: 'the answer to the query was malformed (no data.status)',
        retryAfterMs: null,
      }
    }
    const statusChanged = job.remoteStatus !== status
    job.remoteStatus = status
    job.updatedAt = this.deps.now()
    if (status === PHOTO_SHOOT_STATUS.failed) {
      const msg = isObject(answer) && typeof answer.msg === 'string' && answer.msg ? answer.msg : 'no message'
      return {
        type: 'failed',
        error: { stage: 'task', code: 'TASK_FAILED', message: `The task failed: ${msg}`, httpStatus: null },
      }
    }
    if (status !== PHOTO_SHOOT_STATUS.success) {
      // RUNNING is the app's assumed running value; any other is kept verbatim and shown as unknown, still polled.
      job.status = status === PHOTO_SHOOT_STATUS.running ? 'in_progress' : 'unknown'
      return { type: 'pending', statusChanged }
    }
    const urls = imageUrls(data)
    if (!urls || urls.length === 0) {
      return {
        type: 'failed',
        error: {
          stage: 'result',
          code: 'RESULT_MISSING',
          message: 'The task succeeded without images.',
          httpStatus: null,
        },
      }
    }
    job.answerUrls = urls
    job.expected = urls.length
    job.remoteStatus = 'succeeded'
    return null
  }

  /** Stores every answered image not stored yet; the job succeeds once all are (R7: each fetched once). */
  private async fetchResults(job: ImageRecord, ctx: Ctx): Promise<StepOutcome> {
    for (let i = job.results.length; i < job.answerUrls.length; i++) {
      const url = job.answerUrls[i]!
      const name = `${job.task}-${job.id.slice(0, 8)}-${i + 1}`
      try {
        const stored = url.startsWith('data:')
          ? await this.storeInline(url, name)
          : await this.fetch(url, name, ctx)
        if (!ctx.current()) {
          await this.deps.media.delete(stored.mediaId)
          return { type: 'stale' }
        }
        job.results.push(stored)
      } catch (error) {
        if (!ctx.current()) return { type: 'stale' }
        const code =
          error instanceof AppError || error instanceof ResultFetchError ? error.code : 'RESULT_FAILED'
        return {
          type: 'resultFailed',
          code,
          message: `image ${i + 1}: ${describeError(error)}`,
          httpStatus: null,
        }
      }
    }
    job.resultFetches++
    return { type: 'succeeded' }
  }

  private async storeInline(url: string, name: string): Promise<ImageRecord['results'][number]> {
    const ref = parseImageReference(url)
    const bytes = ref.kind === 'inline' ? decodeBase64(ref.base64) : undefined
    const max = this.deps.maxResultBytes()
    if (bytes && bytes.length > max) throw resultTooLarge('image', bytes.length, max, true)
    const dims = bytes && imageDimensions(bytes)
    if (!bytes || !dims) throw new AppError('RESULT_NOT_IMAGE', 'the data URL holds no PNG or JPEG image')
    const mimeType = dims.format === 'png' ? 'image/png' : `image/${dims.format}`
    const info = await this.deps.media.putBytes(bytes, mimeType, `${name}.${dims.format}`)
    return {
      mediaId: info.id,
      mimeType,
      bytes: info.size,
      name: info.name,
      width: dims.width,
      height: dims.height,
    }
  }

  private async fetch(url: string, name: string, ctx: Ctx): Promise<ImageRecord['results'][number]> {
    if (!/^https?:\/\//i.test(url))
      throw new AppError('RESULT_URL_INVALID', `not an http(s) URL: ${url.slice(0, 80)}`)
    const dir = join(this.deps.media.dir, 'incoming')
    await mkdir(dir, { recursive: true })
    const temp = join(dir, `${randomUUID()}.part`)
    const got = await fetchResultRecorded(url, ctx, {
      tempPath: temp,
      connect: this.deps.gateway.connector(ctx.profile),
      maxBytes: this.deps.maxResultBytes(),
      label: 'image',
      maxConnections: 2,
      idleTimeoutMs: this.deps.fetchIdleMs,
      userAgent: this.deps.userAgent,
    })
    try {
      const dims = imageDimensions(await readHeader(temp))
      const ext = dims?.format ?? (got.mimeType.split('/')[1] || 'bin')
      const mimeType = dims ? (dims.format === 'png' ? 'image/png' : `image/${dims.format}`) : got.mimeType
      const info = await this.deps.media.adoptFile(temp, mimeType, `${name}.${ext}`)
      return {
        mediaId: info.id,
        mimeType,
        bytes: info.size,
        name: info.name,
        width: dims?.width ?? null,
        height: dims?.height ?? null,
      }
    } catch (error) {
      await rm(temp, { force: true })
      throw error
    }
  }
}
