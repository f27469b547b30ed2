// The video job service: submit (endpoint 11 or 14) → persist the task id → poll (12 or 15) every 3–5 s with
// jitter through the Clock, backing off on 429/5xx/network errors and honouring Retry-After → fetch the result
// once: family A's download (13) and data URLs are decoded while streaming (M2), hosted URLs are streamed to a
// temp file and resumed with Range (M3); all land in the media store. Invariants (R7): a task id is on disk before
// its first poll; on start every unfinished job resumes; a job's result is fetched until it is stored once, with
// a bounded number of attempts; a late callback of a cancelled or deleted job changes nothing.
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { mkdir, rm } from 'node:fs/promises'
import type { Events } from '../../../shared/ipc/contract'
import type { Exchange } from '../../../shared/ipc/exchange'
import type { EventPayload } from '../../../shared/ipc/define'
import { AppError } from '../../../shared/ipc/result'
import {
  ACTIVE_JOB_STATUSES,
  type JobError,
  type VideoJob,
  type VideoJobRequest,
  type VideoPreview,
  type VideoJobStatus,
} from '../../../shared/ipc/video'
import { findVideoModel, VIDEO_POLL_INTERVAL_MS } from '../../../shared/catalog/videoModels'
import { CONSOLE_SUCCESS_CODE } from '../../../shared/catalog/consoleTasks'
import { buildVideoBody } from '../../../shared/video/build'
import { exportCode } from '../../../shared/wire/codeExport'
import type { EventSink } from '../ports'
import {
  authorize,
  GatewayError,
  RETRYABLE_STATUS,
  responseText,
  retryAfterMs,
  type GatewayClient,
  type GatewayResponse,
} from '../gateway'
import type { MediaStore } from '../mediaStore'
import type { ProfileService, ResolvedProfile } from '../profiles'
import { redactHeader, redactUrl } from '../redact'
import { systemClock, type Clock } from '../ports'
import { fetchToFile, ResultFetchError } from './fetchToFile'
import { ingestJson, type IngestResult } from './ingest'
import { JsonScanError } from './jsonScan'
import { ExchangeRecorder } from '../exchangeRecorder'
import { JobStore, type JobRecord } from './jobStore'
import type { Notifier, SaveDialog } from './ports'
import { consoleQueryPath, prepareVideoRequest, videoDownloadPath, videoQueryPath } from './requests'

export interface VideoTiming {
  /** Between queries (spec: every 3 to 5 seconds). */
  pollIntervalMs: { min: number; max: number }
  /** Longest backoff after repeated 429/5xx/network errors. */
  backoffMaxMs: number
  /** Longest Retry-After honoured as asked; longer ones are capped and shown. */
  retryAfterMaxMs: number
  /** Consecutive failed queries before the job stops (it can be retried). */
  maxPollErrors: number
  /** Attempts to fetch a succeeded task's video before the job ends with a result error. */
  maxResultAttempts: number
  /** Pause before the second result attempt; doubles after each. */
  resultRetryMs: number
  /** Unfinished jobs resume within this window after start, spread out. */
  resumeSpreadMs: number
  /** Connections per hosted download (the first plus Range resumes). */
  fetchConnections: number
  /** A download with no bytes for this long is dropped and resumed. */
  fetchIdleMs: number
}

export const DEFAULT_VIDEO_TIMING: VideoTiming = {
  pollIntervalMs: { ...VIDEO_POLL_INTERVAL_MS },
  backoffMaxMs: 60_000,
  retryAfterMaxMs: 10 * 60_000,
  maxPollErrors: 12,
  maxResultAttempts: 3,
  resultRetryMs: 2_000,
  resumeSpreadMs: 1_000,
  fetchConnections: 4,
  fetchIdleMs: 30_000,
}

export interface VideoJobServiceDeps {
  profiles: ProfileService
  gateway: GatewayClient
  media: MediaStore
  /** The jobs file lives here (`video-jobs.json`). */
  dataDir: string
  clock?: Clock
  /** Desktop notifications (Electron); without one, `video.notified` goes to the watching windows. */
  notifier?: Notifier
  saveDialog?: SaveDialog
  timing?: Partial<VideoTiming>
  random?: () => number
  log?: (message: string) => void
  userAgent?: string
}

interface Runtime {
  /** Bumped by cancel/delete/retry: callbacks of an older generation do nothing. */
  gen: number
  timer: { cancel(): void } | null
  abort: AbortController | null
  nextPollAt: number | null
  notice: string | null
  progress: { bytes: number; total: number | null } | null
  pollErrors: number
  lastProgressEmit: number
}

interface JobExchanges {
  submit?: Exchange
  poll?: Exchange
  result?: Exchange
}

const ACTIVE = new Set<VideoJobStatus>(ACTIVE_JOB_STATUSES)
const REMOTE_ACTIVE = new Set(['submitted', 'queued', 'in_progress'])
const MAX_EXCHANGE_JOBS = 100

/** A failed attempt to fetch a succeeded task's video. */
class ResultError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly httpStatus: number | null = null,
  ) {
    super(message)
  }
}

export class VideoJobService {
  private readonly records = new Map<string, JobRecord>()
  private readonly runtime = new Map<string, Runtime>()
  private readonly exchanges = new Map<string, JobExchanges>()
  private readonly watchers = new Map<string, { sink: EventSink<Events>; visible: boolean }>()
  private readonly store: JobStore
  private readonly clock: Clock
  private readonly timing: VideoTiming
  private readonly random: () => number
  private closed = false

  constructor(private readonly deps: VideoJobServiceDeps) {
    this.clock = deps.clock ?? systemClock
    this.timing = { ...DEFAULT_VIDEO_TIMING, ...deps.timing }
    this.random = deps.random ?? Math.random
    this.store = new JobStore(join(deps.dataDir, 'video-jobs.json'), () => this.sorted())
  }

  /** Loads the jobs file and resumes every unfinished job (also when no window is open). */
  async start(): Promise<void> {
    const { jobs, dropped } = await this.store.load()
    if (dropped > 0)
      this.deps.log?.(`video jobs: ${dropped} unreadable record(s) in the jobs file were skipped`)
    for (const job of jobs) this.records.set(job.id, job)
    let changed = false
    for (const job of jobs) {
      if (job.status === 'submitting') {
        // The app stopped between sending and the answer: the task may exist, but its id was never known.
        this.finishWithError(job, {
          stage: 'local',
          code: 'INTERRUPTED',
          message:
            'The app closed before the gateway confirmed this job, so its task id is unknown. Retry submits it again.',
          httpStatus: null,
        })
        changed = true
      } else if (ACTIVE.has(job.status)) {
        this.schedule(job, Math.floor(this.random() * this.timing.resumeSpreadMs))
      }
    }
    if (changed || dropped > 0) await this.persist()
  }

  /** Stops every timer and request; jobs stay as they are on disk and resume at the next start. */
  async close(): Promise<void> {
    this.closed = true
    for (const rt of this.runtime.values()) {
      rt.gen++
      rt.timer?.cancel()
      rt.abort?.abort()
    }
    await this.store.save().catch(() => undefined)
  }

  // ---------------------------------------------------------------- renderer-facing

  list(offset = 0, limit = 50): { jobs: VideoJob[]; total: number } {
    const all = this.sorted()
    return { jobs: all.slice(offset, offset + limit).map((j) => this.view(j)), total: all.length }
  }

  watch(
    senderId: string,
    sink: EventSink<Events>,
    visible: boolean,
    limit = 50,
  ): { jobs: VideoJob[]; total: number } {
    this.watchers.set(senderId, { sink, visible })
    return this.list(0, limit)
  }

  setPanelVisible(senderId: string, visible: boolean): boolean {
    const w = this.watchers.get(senderId)
    if (!w) return false
    w.visible = visible
    return true
  }

  get(jobId: string): VideoJob {
    return this.view(this.record(jobId))
  }

  exchange(jobId: string, which: keyof JobExchanges): Exchange | null {
    this.record(jobId)
    return this.exchanges.get(jobId)?.[which] ?? null
  }

  async submit(request: VideoJobRequest): Promise<VideoJob> {
    if (this.closed) throw new AppError('VIDEO_CLOSED', 'The app is shutting down.')
    const profile = await this.deps.profiles.resolve(request.profileId)
    const prepared = await prepareVideoRequest(request, this.deps.media, { inline: true })
    if (!prepared.ok) {
      throw new AppError('VIDEO_INVALID_INPUT', prepared.issues.map((i) => i.message).join('; '), {
        issues: prepared.issues,
      })
    }
    const { path, body, summary } = prepared.value
    // Missing credentials are the person's to fix, before any job exists.
    authorize(profile, { kind: request.kind, path })
    const now = this.clock.now()
    const job: JobRecord = {
      id: randomUUID(),
      kind: request.kind,
      profileId: profile.id,
      profileName: profile.name,
      model: summary.model,
      family: summary.family,
      mode: summary.mode,
      prompt: summary.prompt,
      summary: {
        durationSeconds: summary.durationSeconds,
        resolution: summary.resolution,
        aspectRatio: summary.aspectRatio,
        imageCount: summary.imageCount,
        audio: summary.audio,
        sampleCount: summary.sampleCount,
      },
      request,
      taskId: null,
      status: 'submitting',
      remoteStatus: null,
      createdAt: now,
      submittedAt: null,
      finishedAt: null,
      updatedAt: now,
      polls: 0,
      error: null,
      result: null,
      resultFetches: 0,
      resultAttempts: 0,
    }
    this.records.set(job.id, job)
    await this.persist()
    this.emit(job)

    const rt = this.rt(job)
    const gen = rt.gen
    rt.abort = new AbortController()
    let res: GatewayResponse
    try {
      res = await this.deps.gateway.send(profile, {
        kind: request.kind,
        method: 'POST',
        path,
        body,
        signal: rt.abort.signal,
      })
    } catch (error) {
      if (!this.current(job, gen)) return this.view(job)
      if (error instanceof GatewayError) this.keepExchange(job.id, 'submit', error.exchange.snapshot())
      this.finishWithError(job, {
        stage: 'submit',
        code: error instanceof AppError ? error.code : 'SUBMIT_FAILED',
        message: error instanceof Error ? error.message : String(error),
        httpStatus: null,
      })
      await this.persist()
      return this.view(job)
    } finally {
      rt.abort = null
    }
    this.keepExchange(job.id, 'submit', res.exchange.snapshot())
    if (!this.current(job, gen)) return this.view(job)
    const text = responseText(res)
    const answer = parseJson(text)
    if (!res.ok) {
      this.finishWithError(job, {
        stage: 'submit',
        code: `HTTP_${res.status}`,
        message: describeHttpError(res.status, text),
        httpStatus: res.status,
      })
      await this.persist()
      return this.view(job)
    }
    const taskId = request.kind === 'console' ? consoleTaskId(answer) : modelTaskId(answer)
    if (typeof taskId !== 'string' || taskId === '') {
      this.finishWithError(job, {
        stage: 'submit',
        code: request.kind === 'console' ? consoleErrorCode(answer) : 'BAD_RESPONSE',
        message:
          request.kind === 'console' && isObject(answer) && answer.code !== CONSOLE_SUCCESS_CODE
            ? `The console refused the job: ${String(answer.msg ?? 'no message')} (code ${String(answer.code)}).`
            : 'The gateway answered without a task id.',
        httpStatus: res.status,
      })
      await this.persist()
      return this.view(job)
    }
    job.taskId = taskId
    job.status = 'submitted'
    job.remoteStatus = isObject(answer) && typeof answer.status === 'string' ? answer.status : 'submitted'
    job.submittedAt = this.clock.now()
    job.updatedAt = job.submittedAt
    // R7: the task id is on disk before the first poll.
    await this.persist()
    this.schedule(job, this.interval())
    return this.view(job)
  }

  cancel(jobId: string): VideoJob {
    const job = this.record(jobId)
    if (!ACTIVE.has(job.status)) return this.view(job)
    this.stop(job)
    job.status = 'cancelled'
    job.updatedAt = this.clock.now()
    void this.persist()
    this.emit(job)
    return this.view(job)
  }

  async retry(jobId: string): Promise<{ job: VideoJob; resubmitted: boolean }> {
    const job = this.record(jobId)
    if (ACTIVE.has(job.status)) return { job: this.view(job), resubmitted: false }
    const resumable =
      job.taskId !== null &&
      (job.status === 'cancelled' ||
        (job.status === 'failed' && job.error?.stage !== 'task' && job.error?.stage !== 'submit'))
    if (!resumable) return { job: await this.submit(job.request), resubmitted: true }
    this.stop(job)
    job.status =
      job.remoteStatus === 'succeeded'
        ? 'downloading'
        : REMOTE_ACTIVE.has(job.remoteStatus ?? '')
          ? (job.remoteStatus as VideoJobStatus)
          : 'submitted'
    job.error = null
    job.finishedAt = null
    job.resultAttempts = 0
    job.updatedAt = this.clock.now()
    await this.persist()
    this.schedule(job, 0)
    return { job: this.view(job), resubmitted: false }
  }

  async remove(jobId: string): Promise<boolean> {
    const job = this.records.get(jobId)
    if (!job) return false
    this.stop(job)
    this.records.delete(jobId)
    this.runtime.delete(jobId)
    this.exchanges.delete(jobId)
    if (job.result) await this.deps.media.delete(job.result.mediaId)
    await this.persist()
    this.broadcast('video.jobRemoved', { jobId })
    return true
  }

  async details(jobId: string): Promise<{
    job: VideoJob
    request: VideoJobRequest
    code: { curl: string; typescript: string; python: string } | null
    url: string | null
  }> {
    const job = this.record(jobId)
    const preview = await this.preview(job.request).catch(() => null)
    return {
      job: this.view(job),
      request: job.request,
      code: preview?.code ?? null,
      url: preview?.url ?? null,
    }
  }

  /** The request a submit would send, masked, with its code export and validation issues. */
  async preview(request: VideoJobRequest): Promise<VideoPreview> {
    const prepared = await prepareVideoRequest(request, this.deps.media, { inline: false })
    const path =
      request.kind === 'console' ? '/prod-api/svc/v4/api/svcVideoCompletions' : '/v1/video/generations'
    const body = prepared.ok ? prepared.value.displayBody : draftBody(request)
    let url = path
    let headers: [string, string][] = [['content-type', 'application/json']]
    try {
      const profile = await this.deps.profiles.resolve(request.profileId)
      const auth = authorize(profile, { kind: request.kind, path: prepared.ok ? prepared.value.path : path })
      url = auth.url
      headers = [...Object.entries(auth.headers), ['content-type', 'application/json']]
    } catch {
      // No profile or no key: the preview still shows the body and the issues.
    }
    const masked = headers.map(([k, v]) => [k, redactHeader(k, v)] as [string, string])
    return {
      method: 'POST',
      url: redactUrl(url),
      headers: masked,
      body: JSON.stringify(body, null, 2),
      code: exportCode({ method: 'POST', url: redactUrl(url), headers: Object.fromEntries(masked), body }),
      issues: prepared.ok ? [] : prepared.issues,
    }
  }

  /** Electron: a save dialog and a copy of the video. */
  async saveResult(jobId: string): Promise<{ saved: boolean; path: string | null }> {
    const job = this.record(jobId)
    if (!this.deps.saveDialog) {
      throw new AppError(
        'VIDEO_SAVE_UNAVAILABLE',
        'Saving through a dialog needs the desktop app; use the Download link.',
      )
    }
    const source = job.result && (await this.deps.media.path(job.result.mediaId))
    if (!job.result || !source) throw new AppError('VIDEO_NO_RESULT', 'This job has no stored video to save.')
    const path = await this.deps.saveDialog.saveCopy(source, job.result.name)
    return { saved: path !== null, path }
  }

  // ---------------------------------------------------------------- polling

  private interval(): number {
    const { min, max } = this.timing.pollIntervalMs
    return Math.round(min + this.random() * (max - min))
  }

  private schedule(job: JobRecord, delayMs: number): void {
    const rt = this.rt(job)
    rt.timer?.cancel()
    const gen = rt.gen
    rt.nextPollAt = this.clock.now() + delayMs
    rt.timer = this.clock.setTimeout(() => void this.tick(job, gen), delayMs)
    this.emit(job)
  }

  private current(job: JobRecord, gen: number): boolean {
    return !this.closed && this.records.get(job.id) === job && this.rt(job).gen === gen
  }

  private async tick(job: JobRecord, gen: number): Promise<void> {
    const rt = this.rt(job)
    if (!this.current(job, gen)) return
    rt.timer = null
    rt.nextPollAt = null
    try {
      await this.poll(job, gen)
    } catch (error) {
      if (!this.current(job, gen)) return
      this.deps.log?.(
        `video job ${job.id}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      )
      this.finishWithError(job, {
        stage: 'local',
        code: 'INTERNAL',
        message: `Unexpected error while following the job: ${error instanceof Error ? error.message : String(error)}`,
        httpStatus: null,
      })
      await this.persist()
    }
  }

  private async poll(job: JobRecord, gen: number): Promise<void> {
    const rt = this.rt(job)
    let profile: ResolvedProfile
    try {
      profile = await this.deps.profiles.resolve(job.profileId)
    } catch {
      if (!this.current(job, gen)) return
      this.finishWithError(job, {
        stage: 'local',
        code: 'PROFILE_MISSING',
        message: `The profile "${job.profileName}" of this job no longer exists, so it cannot be queried.`,
        httpStatus: null,
      })
      await this.persist()
      return
    }
    const taskId = job.taskId!
    rt.abort = new AbortController()
    let res: GatewayResponse
    try {
      res = await this.deps.gateway.send(profile, {
        kind: job.kind,
        method: 'GET',
        path: job.kind === 'console' ? consoleQueryPath(taskId) : videoQueryPath(taskId),
        stream: true,
        // JSON bodies read as they arrive (a download's base64 may be tens of MB).
        headers: { accept: 'application/json' },
        maxRetries: 0,
        signal: rt.abort.signal,
      })
    } catch (error) {
      rt.abort = null
      if (!this.current(job, gen)) return
      if (error instanceof GatewayError) this.keepExchange(job.id, 'poll', error.exchange.snapshot())
      if (
        error instanceof GatewayError &&
        (error.code === 'GATEWAY_UNREACHABLE' || error.code === 'GATEWAY_TIMEOUT')
      ) {
        return this.backoff(job, error.message, null)
      }
      this.finishWithError(job, {
        stage: 'poll',
        code: error instanceof AppError ? error.code : 'POLL_FAILED',
        message: error instanceof Error ? error.message : String(error),
        httpStatus: null,
      })
      await this.persist()
      return
    }
    job.polls++
    if (!res.ok) {
      rt.abort = null
      this.keepExchange(job.id, 'poll', res.exchange.snapshot())
      if (!this.current(job, gen)) return
      const text = responseText(res)
      if (RETRYABLE_STATUS.has(res.status)) {
        return this.backoff(job, describeHttpError(res.status, text), retryAfterMs(res.headers))
      }
      this.finishWithError(job, {
        stage: 'poll',
        code: `HTTP_${res.status}`,
        message:
          res.status === 404
            ? `The gateway no longer knows task ${taskId} (HTTP 404). ${describeHttpError(res.status, text)}`
            : describeHttpError(res.status, text),
        httpStatus: res.status,
      })
      await this.persist()
      return
    }

    // An answer can carry the video itself (family B's data URL): it is decoded while it streams in.
    const temp = await this.tempPath()
    let scan: IngestResult
    try {
      scan = await ingestJson(res.body!, {
        tempPath: temp,
        urlFields: job.kind === 'console' ? ['data.url'] : ['url'],
        onProgress: (bytes, fileBytes) => {
          if (fileBytes > 0) this.progress(job, fileBytes, null)
        },
      })
    } catch (error) {
      rt.abort = null
      res.exchange.recordError(error instanceof Error ? error.message : String(error))
      res.exchange.finish()
      this.keepExchange(job.id, 'poll', res.exchange.snapshot())
      if (!this.current(job, gen)) return
      return this.backoff(
        job,
        `the answer to the query was cut off or malformed (${describeError(error)})`,
        null,
      )
    }
    rt.abort = null
    res.exchange.recordBodyChunk(summaryBody(scan))
    res.exchange.finish()
    this.keepExchange(job.id, 'poll', res.exchange.snapshot())
    const discard = () => (scan.file ? rm(scan.file.path, { force: true }) : Promise.resolve())
    if (!this.current(job, gen)) return void (await discard())

    const answer = readTaskAnswer(job.kind, scan)
    if (answer.kind === 'refused') {
      await discard()
      this.finishWithError(job, {
        stage: 'poll',
        code: answer.code,
        message: answer.message,
        httpStatus: res.status,
      })
      await this.persist()
      return
    }
    if (answer.status === null) {
      await discard()
      return this.backoff(job, 'the answer to the query had no status', null)
    }
    rt.pollErrors = 0
    rt.notice = null
    const statusChanged = job.remoteStatus !== answer.status
    job.remoteStatus = answer.status
    job.updatedAt = this.clock.now()

    if (answer.status === 'failed') {
      await discard()
      this.finishWithError(job, {
        stage: 'task',
        code: answer.errorCode ?? 'FAILED',
        message: answer.errorMessage ?? 'The gateway reported the task failed without a message.',
        httpStatus: null,
      })
      await this.persist()
      return
    }
    if (answer.status !== 'succeeded') {
      await discard()
      const local: VideoJobStatus = REMOTE_ACTIVE.has(answer.status)
        ? (answer.status as VideoJobStatus)
        : 'in_progress'
      if (job.status !== local) job.status = local
      if (statusChanged) await this.persist()
      if (!this.current(job, gen)) return
      this.schedule(job, this.interval())
      return
    }

    // Succeeded: fetch the video, exactly once per job.
    if (job.status !== 'downloading') {
      job.status = 'downloading'
      await this.persist()
      if (!this.current(job, gen)) return void (await discard())
      this.emit(job)
    }
    await this.fetchResult(job, gen, profile, scan)
  }

  private async fetchResult(
    job: JobRecord,
    gen: number,
    profile: ResolvedProfile,
    scan: IngestResult,
  ): Promise<void> {
    const rt = this.rt(job)
    rt.abort = new AbortController()
    const signal = rt.abort.signal
    let file: { path: string; bytes: number; mimeType: string; source: 'download' | 'data' | 'hosted' }
    try {
      if (scan.file) {
        if (scan.file.bytes === 0)
          throw new ResultError('RESULT_EMPTY', 'The data URL of the result holds no bytes.')
        file = {
          path: scan.file.path,
          bytes: scan.file.bytes,
          mimeType: scan.file.mimeType ?? 'video/mp4',
          source: 'data',
        }
      } else if (job.family === 'A') {
        file = { ...(await this.download(job, profile, signal)), source: 'download' }
      } else {
        const url = scan.urls.get(job.kind === 'console' ? 'data.url' : 'url')
        if (!url) throw new ResultError('RESULT_MISSING', 'The task succeeded but the answer carries no url.')
        if (!/^https?:\/\//i.test(url)) {
          throw new ResultError(
            'RESULT_URL_INVALID',
            `The result url is not an http(s) or data URL: ${url.slice(0, 80)}`,
          )
        }
        const temp = await this.tempPath()
        // The hosted fetch is no gateway call, but the inspector shows it the same way (redacted, body described).
        const record = new ExchangeRecorder()
        record.recordRequest('GET', url, {}, null)
        const got = await fetchToFile(url, {
          tempPath: temp,
          signal,
          maxConnections: this.timing.fetchConnections,
          idleTimeoutMs: this.timing.fetchIdleMs,
          userAgent: this.deps.userAgent,
          onProgress: (bytes, total) => this.progress(job, bytes, total),
          onResponse: (res, headers) => {
            record.attempts++
            record.recordRequest('GET', url, headers, null)
            record.recordResponse(res.status, res.statusText, res.headers)
          },
        })
          .catch(async (error: unknown) => {
            await rm(temp, { force: true })
            record.recordError(describeError(error))
            throw error
          })
          .finally(() => {
            record.finish()
            this.keepExchange(job.id, 'result', record.snapshot())
          })
        record.recordBodyChunk(
          `<${got.bytes} bytes of ${got.mimeType} streamed to a file; ${got.resumes} Range resume(s)>`,
        )
        this.keepExchange(job.id, 'result', record.snapshot())
        if (got.resumes > 0)
          this.deps.log?.(`video job ${job.id}: resumed the download ${got.resumes} time(s) with Range`)
        file = { path: temp, bytes: got.bytes, mimeType: got.mimeType, source: 'hosted' }
      }
    } catch (error) {
      rt.abort = null
      rt.progress = null
      if (!this.current(job, gen)) return
      const code =
        error instanceof ResultError || error instanceof ResultFetchError || error instanceof AppError
          ? error.code
          : 'RESULT_FAILED'
      const status =
        error instanceof ResultError
          ? error.httpStatus
          : error instanceof ResultFetchError
            ? error.status
            : null
      return this.resultFailed(job, code, describeError(error), status)
    }
    rt.abort = null
    rt.progress = null
    if (!this.current(job, gen)) return void (await rm(file.path, { force: true }))
    const name = `${job.model}-${(job.taskId ?? job.id).replace(/[^\w.-]/g, '').slice(-12)}.mp4`
    const info = await this.deps.media.adoptFile(file.path, file.mimeType, name)
    job.result = {
      mediaId: info.id,
      mimeType: file.mimeType,
      bytes: info.size,
      name,
      source: file.source,
      fetchedAt: this.clock.now(),
    }
    job.resultFetches++
    job.status = 'succeeded'
    job.error = null
    job.finishedAt = this.clock.now()
    job.updatedAt = job.finishedAt
    rt.notice = null
    await this.persist()
    this.emit(job)
    this.notifyDone(job)
  }

  /** Endpoint 13: `{success, size, base64, data_url}`, scanned as it streams; the size is checked. */
  private async download(
    job: JobRecord,
    profile: ResolvedProfile,
    signal: AbortSignal,
  ): Promise<{ path: string; bytes: number; mimeType: string }> {
    const res = await this.deps.gateway.send(profile, {
      kind: 'model',
      method: 'GET',
      path: videoDownloadPath(job.taskId!),
      stream: true,
      // JSON bodies read as they arrive (a download's base64 may be tens of MB).
      headers: { accept: 'application/json' },
      maxRetries: 2,
      signal,
    })
    if (!res.ok) {
      this.keepExchange(job.id, 'result', res.exchange.snapshot())
      throw new ResultError(
        `HTTP_${res.status}`,
        describeHttpError(res.status, responseText(res)),
        res.status,
      )
    }
    const temp = await this.tempPath()
    const total = Number(res.headers.get('content-length')) || null
    let scan: IngestResult
    try {
      scan = await ingestJson(res.body!, {
        tempPath: temp,
        base64Fields: ['base64'],
        urlFields: ['data_url'],
        onProgress: (bytes) => this.progress(job, bytes, total),
      })
    } catch (error) {
      res.exchange.recordError(describeError(error))
      res.exchange.finish()
      this.keepExchange(job.id, 'result', res.exchange.snapshot())
      throw new ResultError(
        'RESULT_CUT_OFF',
        `The download was cut off or malformed: ${describeError(error)}`,
      )
    }
    res.exchange.recordBodyChunk(summaryBody(scan))
    res.exchange.finish()
    this.keepExchange(job.id, 'result', res.exchange.snapshot())
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

  private resultFailed(
    job: JobRecord,
    code: string,
    message: string,
    httpStatus: number | null,
  ): Promise<void> {
    job.resultAttempts++
    const max = this.timing.maxResultAttempts
    if (job.resultAttempts >= max) {
      this.finishWithError(job, {
        stage: 'result',
        code,
        message: `The video was generated but could not be fetched after ${job.resultAttempts} attempt${job.resultAttempts === 1 ? '' : 's'}: ${message}`,
        httpStatus,
      })
      return this.persist()
    }
    const wait = this.timing.resultRetryMs * 2 ** (job.resultAttempts - 1)
    this.rt(job).notice =
      `Fetching the video failed (${message}); attempt ${job.resultAttempts + 1} of ${max} in ${seconds(wait)}.`
    this.schedule(job, wait)
    return this.persist()
  }

  private backoff(job: JobRecord, message: string, retryAfter: number | null): void {
    const rt = this.rt(job)
    rt.pollErrors++
    if (rt.pollErrors > this.timing.maxPollErrors) {
      this.finishWithError(job, {
        stage: 'poll',
        code: 'POLL_GAVE_UP',
        message: `Querying the task failed ${rt.pollErrors} times in a row (last: ${message}). Retry to keep following it.`,
        httpStatus: null,
      })
      void this.persist()
      return
    }
    const { min } = this.timing.pollIntervalMs
    const exponential =
      Math.min(this.timing.backoffMaxMs, min * 2 ** rt.pollErrors) * (0.8 + 0.4 * this.random())
    const wait =
      retryAfter !== null
        ? Math.min(Math.max(retryAfter, min), this.timing.retryAfterMaxMs)
        : Math.round(exponential)
    const capped = retryAfter !== null && retryAfter > this.timing.retryAfterMaxMs
    rt.notice = `${message}; next query in ${seconds(wait)}${capped ? ` (the server asked for ${seconds(retryAfter)})` : ''}.`
    this.schedule(job, wait)
  }

  private finishWithError(job: JobRecord, error: JobError): void {
    this.stop(job)
    job.status = 'failed'
    job.error = error
    job.finishedAt = this.clock.now()
    job.updatedAt = job.finishedAt
    this.emit(job)
    this.notifyDone(job)
  }

  /** Cancels the timer and any request, and makes older callbacks stale. */
  private stop(job: JobRecord): void {
    const rt = this.rt(job)
    rt.gen++
    rt.timer?.cancel()
    rt.timer = null
    rt.abort?.abort()
    rt.abort = null
    rt.nextPollAt = null
    rt.notice = null
    rt.progress = null
    rt.pollErrors = 0
  }

  // ---------------------------------------------------------------- state, events

  /** A temp file in the media folder, so a finished file is renamed into the store, never copied. */
  private async tempPath(): Promise<string> {
    await mkdir(this.deps.media.dir, { recursive: true })
    return this.deps.media.tempPath()
  }

  private record(jobId: string): JobRecord {
    const job = this.records.get(jobId)
    if (!job) throw new AppError('VIDEO_JOB_NOT_FOUND', 'This video job no longer exists.')
    return job
  }

  private rt(job: JobRecord): Runtime {
    let rt = this.runtime.get(job.id)
    if (!rt) {
      rt = {
        gen: 0,
        timer: null,
        abort: null,
        nextPollAt: null,
        notice: null,
        progress: null,
        pollErrors: 0,
        lastProgressEmit: 0,
      }
      this.runtime.set(job.id, rt)
    }
    return rt
  }

  private sorted(): JobRecord[] {
    return [...this.records.values()].sort((a, b) => b.createdAt - a.createdAt)
  }

  private persist(): Promise<void> {
    return this.store.save().catch((error: unknown) => {
      this.deps.log?.(`video jobs: could not save ${this.store.path}: ${describeError(error)}`)
    })
  }

  private keepExchange(jobId: string, which: keyof JobExchanges, exchange: Exchange): void {
    const entry = this.exchanges.get(jobId) ?? {}
    entry[which] = exchange
    this.exchanges.delete(jobId)
    this.exchanges.set(jobId, entry)
    while (this.exchanges.size > MAX_EXCHANGE_JOBS) this.exchanges.delete(this.exchanges.keys().next().value!)
  }

  private view(job: JobRecord): VideoJob {
    const rt = this.runtime.get(job.id)
    const { request: _request, resultAttempts: _attempts, result, ...rest } = job
    return {
      ...rest,
      prompt: job.prompt.length > 500 ? `${job.prompt.slice(0, 499)}…` : job.prompt,
      result: result && { ...result, url: this.deps.media.url(result.mediaId) },
      nextPollAt: rt?.nextPollAt ?? null,
      notice: rt?.notice ?? null,
      progress: rt?.progress ?? null,
    }
  }

  private emit(job: JobRecord): void {
    if (this.records.get(job.id) !== job) return
    this.broadcast('video.jobChanged', { job: this.view(job) })
  }

  private progress(job: JobRecord, bytes: number, total: number | null): void {
    const rt = this.rt(job)
    rt.progress = { bytes, total }
    const now = this.clock.now()
    // Progress is a hint: at most four updates a second reach the windows.
    if (now - rt.lastProgressEmit < 250) return
    rt.lastProgressEmit = now
    this.emit(job)
  }

  private broadcast<K extends 'video.jobChanged' | 'video.jobRemoved' | 'video.notified'>(
    name: K,
    payload: EventPayload<Events[K]>,
  ): void {
    for (const [id, w] of this.watchers) {
      if (!w.sink.alive) {
        this.watchers.delete(id)
        continue
      }
      w.sink.emit(name, payload)
    }
  }

  private notifyDone(job: JobRecord): void {
    const watching = [...this.watchers.values()].some((w) => w.sink.alive && w.visible)
    if (watching) return
    const ok = job.status === 'succeeded'
    const title = ok ? 'Video ready' : 'Video job failed'
    const what = `${job.model}: ${job.prompt.slice(0, 80)}${job.prompt.length > 80 ? '…' : ''}`
    const body = ok ? what : `${what}\n${job.error?.message.slice(0, 160) ?? ''}`
    const notification = { jobId: job.id, title, body }
    if (this.deps.notifier) this.deps.notifier.notify(notification)
    else this.broadcast('video.notified', notification)
  }
}

// ---------------------------------------------------------------- answers

type TaskAnswer =
  | { kind: 'task'; status: string | null; errorCode: string | null; errorMessage: string | null }
  | { kind: 'refused'; code: string; message: string }

function readTaskAnswer(kind: 'model' | 'console', scan: IngestResult): TaskAnswer {
  const v = scan.scanner.values
  const str = (path: string): string | null => {
    const value = v.get(path)
    return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null
  }
  if (kind === 'console') {
    const code = v.get('code')
    if (code !== CONSOLE_SUCCESS_CODE) {
      return {
        kind: 'refused',
        code: `CONSOLE_${String(code)}`,
        message: `The console answered code ${String(code)}: ${str('msg') ?? 'no message'}.`,
      }
    }
    return {
      kind: 'task',
      status: str('data.status'),
      errorCode: str('data.error.code'),
      errorMessage: str('data.error.message'),
    }
  }
  return {
    kind: 'task',
    status: str('status'),
    errorCode: str('error.code'),
    errorMessage: str('error.message'),
  }
}

/** A small JSON of what a streamed answer held, with the big fields described, for the inspector. */
function summaryBody(scan: IngestResult): string {
  const root: Record<string, unknown> = {}
  const set = (path: string, value: unknown) => {
    const keys = path.split('.')
    let node = root
    keys.slice(0, -1).forEach((k) => {
      if (typeof node[k] !== 'object' || node[k] === null) node[k] = {}
      node = node[k] as Record<string, unknown>
    })
    node[keys[keys.length - 1]!] = value
  }
  for (const [path, value] of scan.scanner.values) if (path) set(path, value)
  for (const [path, url] of scan.urls) set(path, url)
  for (const path of scan.scanner.oversized) set(path, '<long string elided>')
  if (scan.file)
    set(
      scan.file.field,
      `<${scan.file.bytes} bytes of ${scan.file.mimeType ?? 'video/mp4'} decoded to a file>`,
    )
  return JSON.stringify(root, null, 2)
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

function modelTaskId(answer: unknown): unknown {
  return isObject(answer) ? answer.task_id : undefined
}

function consoleTaskId(answer: unknown): unknown {
  if (!isObject(answer) || answer.code !== CONSOLE_SUCCESS_CODE) return undefined
  const data = answer.data
  return isObject(data) ? data.task_id : typeof data === 'string' ? data : undefined
}

function consoleErrorCode(answer: unknown): string {
  return isObject(answer) && answer.code !== undefined ? `CONSOLE_${String(answer.code)}` : 'BAD_RESPONSE'
}

/** `HTTP 400: <the server's message>` from any of the error shapes the gateway uses. */
export function describeHttpError(status: number, text: string): string {
  const body = parseJson(text)
  let message: string | undefined
  if (isObject(body)) {
    const error = body.error
    if (isObject(error) && typeof error.message === 'string') message = error.message
    else if (typeof error === 'string') message = error
    else if (typeof body.msg === 'string') message = body.msg
    else if (typeof body.message === 'string') message = body.message
  }
  const detail = message ?? text.trim().slice(0, 300)
  return `HTTP ${status}${detail ? `: ${detail}` : ''}`
}

function describeError(error: unknown): string {
  if (error instanceof JsonScanError) return error.message
  return error instanceof Error ? error.message : String(error)
}

const seconds = (ms: number): string =>
  ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`

/** A body for the preview when the form does not validate yet: the builder's output, unchecked. */
function draftBody(request: VideoJobRequest): Record<string, unknown> {
  if (request.kind === 'console') return { ...request.form }
  const model = findVideoModel(request.model)
  return model ? buildVideoBody(model, request.form) : { model: request.model }
}
