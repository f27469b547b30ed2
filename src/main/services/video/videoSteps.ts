// The video domain's two gateway steps for the task engine: the submit (endpoint 11 or 14) and one query (12 or
// 15) that, once the task succeeded, fetches the video: family A's download (13) and data URLs are decoded while
// streaming (M2), hosted URLs are streamed to a temp file and resumed with Range (M3); all land in the media
// store. Every path ends in an outcome the engine shows: pending, transient (with its cause), failed, succeeded.
import { mkdir, rm } from 'node:fs/promises'
import { CONSOLE_SUCCESS_CODE } from '../../../shared/catalog/consoleTasks'
import { FAMILY_A_VIDEO_ID_PREFIX } from '../../../shared/catalog/videoModels'
import { AppError } from '../../../shared/ipc/result'
import type { VideoJobStatus } from '../../../shared/ipc/video'
import { responseText, type GatewayClient } from '../gateway'
import type { MediaStore } from '../mediaStore'
import type { ResolvedProfile } from '../profiles'
import { seconds } from '../tasks/backoff'
import type { SendContext } from '../tasks/engine'
import { idleGuard, type IdleGuard } from '../tasks/idleGuard'
import { pollThrew, retryableAnswer } from '../tasks/answers'
import type { StepContext, StepOutcome, SubmitOutcome } from '../tasks/types'
import {
  consoleErrorCode,
  consoleTaskId,
  describeError,
  describeHttpError,
  isObject,
  modelTaskId,
  readTaskAnswer,
  ResultError,
  summaryBody,
} from './answers'
import { ResultFetchError } from '../tasks/fetchToFile'
import { fetchResultRecorded } from '../tasks/resultFetch'
import { ingestJson, type IngestResult } from './ingest'
import type { JobRecord } from './jobRecord'
import { consoleQueryPath, videoDownloadPath, videoQueryPath } from './requests'
import { sendRequest } from '../sendRequest'
import { submitRequest, type OutgoingRequest } from '../tasks/submitRequest'

const REMOTE_ACTIVE = new Set(['submitted', 'queued', 'in_progress'])

export interface VideoStepDeps {
  now: () => number
  gateway: GatewayClient
  media: MediaStore
  fetchConnections: number
  fetchIdleMs: number
  /** The largest video kept, bytes (Settings → Downloads), read when a result is fetched. */
  maxResultBytes: () => number
  userAgent?: string
  log?: (message: string) => void
}

type Ctx = StepContext & { profile: ResolvedProfile }
type StoredFile = { path: string; bytes: number; mimeType: string; source: 'download' | 'data' | 'hosted' }

export class VideoSteps {
  constructor(private readonly deps: VideoStepDeps) {}

  /** Endpoint 11 or 14 with the prepared body; the answer's task id, or why there is none. */
  async send(
    job: JobRecord,
    profile: ResolvedProfile,
    request: OutgoingRequest,
    ctx: SendContext,
  ): Promise<SubmitOutcome> {
    const res = await submitRequest(this.deps.gateway, profile, job.kind, request, ctx)
    const { text, answer } = res
    const error = (code: string, message: string): SubmitOutcome => ({
      type: 'failed',
      error: { stage: 'submit', code, message, httpStatus: res.status },
    })
    if (!res.ok) return error(`HTTP_${res.status}`, describeHttpError(res.status, text))
    const taskId = job.kind === 'console' ? consoleTaskId(answer) : modelTaskId(answer)
    if (typeof taskId !== 'string' || taskId === '') {
      return job.kind === 'console' && isObject(answer) && answer.code !== CONSOLE_SUCCESS_CODE
        ? error(
            consoleErrorCode(answer),
            `The console refused the job: ${String(answer.msg ?? 'no message')} (code ${String(answer.code)}).`,
          )
        : error(
            job.kind === 'console' ? consoleErrorCode(answer) : 'BAD_RESPONSE',
            'The gateway answered without a task id.',
          )
    }
    const remoteStatus = isObject(answer) && typeof answer.status === 'string' ? answer.status : 'submitted'
    return { type: 'accepted', taskId, remoteStatus }
  }

  async step(job: JobRecord, ctx: Ctx): Promise<StepOutcome> {
    const idle = idleGuard(ctx.signal, this.deps.fetchIdleMs)
    try {
      return await this.query(job, ctx, idle)
    } finally {
      idle.done()
    }
  }

  private async query(job: JobRecord, ctx: Ctx, idle: IdleGuard): Promise<StepOutcome> {
    const taskId = job.taskId!
    let res
    try {
      // JSON bodies read as they arrive (a download's base64 may be tens of MB).
      const path = job.kind === 'console' ? consoleQueryPath(taskId) : videoQueryPath(taskId)
      res = await sendRequest(
        this.deps.gateway,
        ctx.profile,
        { kind: job.kind, method: 'GET', path },
        { stream: true, json: true, maxRetries: 0, signal: idle.signal },
      )
    } catch (error) {
      return pollThrew(error, ctx)
    }
    job.polls++
    if (!res.ok) {
      ctx.keepExchange('poll', res.exchange.snapshot())
      if (!ctx.current()) return { type: 'stale' }
      const text = responseText(res)
      const retry = retryableAnswer(res, text)
      if (retry) return retry
      const message =
        res.status === 404
          ? `The gateway no longer knows task ${taskId} (HTTP 404). ${describeHttpError(res.status, text)}`
          : describeHttpError(res.status, text)
      return {
        type: 'failed',
        error: { stage: 'poll', code: `HTTP_${res.status}`, message, httpStatus: res.status },
      }
    }

    // An answer can carry the video itself (family B's data URL): it is decoded while it streams in.
    const temp = await this.tempPath()
    idle.touch()
    let scan: IngestResult
    try {
      scan = await ingestJson(res.body!, {
        tempPath: temp,
        urlFields: job.kind === 'console' ? ['data.url'] : ['url'],
        maxFileBytes: this.deps.maxResultBytes(),
        onProgress: (_bytes, fileBytes) => {
          idle.touch()
          if (fileBytes > 0) ctx.progress(fileBytes, null)
        },
      })
    } catch (error) {
      res.exchange.recordError(error instanceof Error ? error.message : String(error))
      res.exchange.finish()
      ctx.keepExchange('poll', res.exchange.snapshot())
      if (!ctx.current()) return { type: 'stale' }
      if (error instanceof ResultFetchError && error.code === 'RESULT_TOO_LARGE')
        return {
          type: 'failed',
          error: { stage: 'result', code: error.code, message: error.message, httpStatus: null },
        }
      const message = idle.stalled
        ? `the answer to the query stalled (no bytes for ${seconds(this.deps.fetchIdleMs)})`
        : `the answer to the query was cut off or malformed (${describeError(error)})`
      return { type: 'transient', message, retryAfterMs: null }
    }
    idle.done()
    res.exchange.recordBodyChunk(summaryBody(scan))
    res.exchange.finish()
    ctx.keepExchange('poll', res.exchange.snapshot())
    const discard = () => (scan.file ? rm(scan.file.path, { force: true }) : Promise.resolve())
    if (!ctx.current()) return discard().then(() => ({ type: 'stale' }))

    const answer = readTaskAnswer(job.kind, scan)
    if (answer.kind === 'refused') {
      await discard()
      return {
        type: 'failed',
        error: { stage: 'poll', code: answer.code, message: answer.message, httpStatus: res.status },
      }
    }
    if (answer.status === null) {
      await discard()
      return { type: 'transient', message: 'the answer to the query had no status', retryAfterMs: null }
    }
    const statusChanged = job.remoteStatus !== answer.status
    job.remoteStatus = answer.status
    job.updatedAt = this.deps.now()

    if (answer.status === 'failed') {
      await discard()
      return {
        type: 'failed',
        error: {
          stage: 'task',
          code: answer.errorCode ?? 'FAILED',
          message: answer.errorMessage ?? 'The gateway reported the task failed without a message.',
          httpStatus: null,
        },
      }
    }
    if (answer.status !== 'succeeded') {
      await discard()
      // A status the spec does not name is kept verbatim (remoteStatus) and shown as unknown; polling goes on.
      job.status = REMOTE_ACTIVE.has(answer.status) ? (answer.status as VideoJobStatus) : 'unknown'
      return { type: 'pending', statusChanged }
    }

    // Succeeded: fetch the video, exactly once per job.
    await ctx.downloading()
    if (!ctx.current()) return discard().then(() => ({ type: 'stale' }))
    return this.fetchResult(job, ctx, scan)
  }

  private async fetchResult(job: JobRecord, ctx: Ctx, scan: IngestResult): Promise<StepOutcome> {
    let file: StoredFile
    try {
      if (scan.file) {
        if (scan.file.bytes === 0)
          throw new ResultError('RESULT_EMPTY', 'The data URL of the result holds no bytes.')
        const { path, bytes, mimeType } = scan.file
        file = { path, bytes, mimeType: mimeType ?? 'video/mp4', source: 'data' }
      } else if (
        job.family === 'A' ||
        (job.family === 'unknown' && job.taskId?.startsWith(FAMILY_A_VIDEO_ID_PREFIX))
      ) {
        file = { ...(await this.download(job, ctx)), source: 'download' }
      } else {
        file = await this.hosted(job, ctx, scan.urls.get(job.kind === 'console' ? 'data.url' : 'url'))
      }
    } catch (error) {
      if (!ctx.current()) return { type: 'stale' }
      const code =
        error instanceof ResultError || error instanceof ResultFetchError || error instanceof AppError
          ? error.code
          : 'RESULT_FAILED'
      const httpStatus =
        error instanceof ResultError
          ? error.httpStatus
          : error instanceof ResultFetchError
            ? error.status
            : null
      return { type: 'resultFailed', code, message: describeError(error), httpStatus }
    }
    if (!ctx.current()) return rm(file.path, { force: true }).then(() => ({ type: 'stale' }))
    const name = `${job.model}-${(job.taskId ?? job.id).replace(/[^\w.-]/g, '').slice(-12)}.mp4`
    const info = await this.deps.media.adoptFile(file.path, file.mimeType, name)
    job.result = {
      mediaId: info.id,
      mimeType: file.mimeType,
      bytes: info.size,
      name,
      source: file.source,
      fetchedAt: this.deps.now(),
    }
    job.resultFetches++
    return { type: 'succeeded' }
  }

  /** A hosted result URL, streamed to a file; the Inspector shows the fetch like a gateway call. */
  private async hosted(job: JobRecord, ctx: Ctx, url: string | undefined): Promise<StoredFile> {
    if (!url) throw new ResultError('RESULT_MISSING', 'The task succeeded but the answer carries no url.')
    if (!/^https?:\/\//i.test(url)) {
      throw new ResultError(
        'RESULT_URL_INVALID',
        `The result url is not an http(s) or data URL: ${url.slice(0, 80)}`,
      )
    }
    const temp = await this.tempPath()
    const got = await fetchResultRecorded(url, ctx, {
      tempPath: temp,
      connect: this.deps.gateway.connector(ctx.profile),
      maxBytes: this.deps.maxResultBytes(),
      label: 'video',
      maxConnections: this.deps.fetchConnections,
      idleTimeoutMs: this.deps.fetchIdleMs,
      userAgent: this.deps.userAgent,
    })
    if (got.resumes > 0)
      this.deps.log?.(`video job ${job.id}: resumed the download ${got.resumes} time(s) with Range`)
    return { path: temp, bytes: got.bytes, mimeType: got.mimeType, source: 'hosted' }
  }

  /** Endpoint 13: `{success, size, base64, data_url}`, scanned as it streams; the size is checked. */
  private async download(
    job: JobRecord,
    ctx: Ctx,
  ): Promise<{ path: string; bytes: number; mimeType: string }> {
    const idle = idleGuard(ctx.signal, this.deps.fetchIdleMs)
    try {
      return await this.downloadOnce(job, ctx, idle)
    } finally {
      idle.done()
    }
  }

  private async downloadOnce(
    job: JobRecord,
    ctx: Ctx,
    idle: IdleGuard,
  ): Promise<{ path: string; bytes: number; mimeType: string }> {
    // JSON bodies read as they arrive (a download's base64 may be tens of MB).
    const res = await sendRequest(
      this.deps.gateway,
      ctx.profile,
      { kind: 'model', method: 'GET', path: videoDownloadPath(job.taskId!) },
      { stream: true, json: true, maxRetries: 2, signal: idle.signal },
    )
    if (!res.ok) {
      ctx.keepExchange('result', res.exchange.snapshot())
      throw new ResultError(
        `HTTP_${res.status}`,
        describeHttpError(res.status, responseText(res)),
        res.status,
      )
    }
    const temp = await this.tempPath()
    idle.touch()
    const total = Number(res.headers.get('content-length')) || null
    let scan: IngestResult
    try {
      scan = await ingestJson(res.body!, {
        tempPath: temp,
        base64Fields: ['base64'],
        urlFields: ['data_url'],
        maxFileBytes: this.deps.maxResultBytes(),
        onProgress: (bytes) => {
          idle.touch()
          ctx.progress(bytes, total)
        },
      })
    } catch (error) {
      res.exchange.recordError(describeError(error))
      res.exchange.finish()
      ctx.keepExchange('result', res.exchange.snapshot())
      if (error instanceof ResultFetchError) throw error
      throw idle.stalled
        ? new ResultError(
            'RESULT_STALLED',
            `The download stalled: no bytes for ${seconds(this.deps.fetchIdleMs)}.`,
          )
        : new ResultError('RESULT_CUT_OFF', `The download was cut off or malformed: ${describeError(error)}`)
    }
    res.exchange.recordBodyChunk(summaryBody(scan))
    res.exchange.finish()
    ctx.keepExchange('result', res.exchange.snapshot())
    const fail = async (code: string, message: string): Promise<never> => {
      if (scan.file) await rm(scan.file.path, { force: true })
      throw new ResultError(code, message)
    }
    if (scan.scanner.values.get('success') === false)
      return fail('RESULT_DOWNLOAD_FAILED', 'The download answered success: false.')
    if (!scan.file) return fail('RESULT_MISSING', 'The download answer carries neither base64 nor data_url.')
    const size = scan.scanner.values.get('size')
    if (typeof size === 'number' && size !== scan.file.bytes) {
      return fail(
        'RESULT_SIZE_MISMATCH',
        `The download decoded to ${scan.file.bytes} bytes, but its size field says ${size}.`,
      )
    }
    return { path: scan.file.path, bytes: scan.file.bytes, mimeType: scan.file.mimeType ?? 'video/mp4' }
  }

  /** A temp file in the media folder, so a finished file is renamed into the store, never copied. */
  private async tempPath(): Promise<string> {
    await mkdir(this.deps.media.dir, { recursive: true })
    return this.deps.media.tempPath()
  }
}
