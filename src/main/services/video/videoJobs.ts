// The video job service: the video domain on the task engine. It validates and prepares a job (endpoint 11 or
// 14), hands its life cycle to the engine (persist before the first poll, poll with backoff, resume after a
// restart, fetch the video once: R7), and turns job records into the view the windows list, with events to the
// watching windows and a notification when a job ends while no Video panel is on screen.
import { randomUUID } from 'node:crypto'
import type { Events } from '../../../shared/ipc/contract'
import type { Exchange } from '../../../shared/ipc/exchange'
import type { EventPayload } from '../../../shared/ipc/define'
import { AppError } from '../../../shared/ipc/result'
import type { VideoJob, VideoJobRequest, VideoPreview } from '../../../shared/ipc/video'
import { findVideoModel, VIDEO_POLL_INTERVAL_MS } from '../../../shared/catalog/videoModels'
import { buildVideoBody } from '../../../shared/video/build'
import { exportCode } from '../../../shared/wire/codeExport'
import type { EventSink } from '../ports'
import { authorize, type GatewayClient } from '../gateway'
import type { MediaStore } from '../mediaStore'
import type { ProfileService } from '../profiles'
import { redactHeader, redactUrl } from '../redact'
import { systemClock, type Clock } from '../ports'
import { TaskEngine, type TaskTiming } from '../tasks/engine'
import { ExchangeArchive } from '../tasks/exchangeArchive'
import { TaskLedger } from '../tasks/ledger'
import type { ExchangeSlot } from '../tasks/types'
import { jobRecordSchema, VIDEO_TASK_KINDS, type JobRecord } from './jobRecord'
import type { Notifier, SaveDialog } from './ports'
import { prepareVideoRequest } from './requests'
import { VideoSteps } from './videoSteps'

export { describeHttpError } from './answers'

export interface VideoTiming extends TaskTiming {
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
  /** The job ledger (`jobs.json`) and the jobs' exchanges live here. */
  dataDir: string
  /** The ledger shared with other job kinds; one is made in `dataDir` when absent. */
  ledger?: TaskLedger
  clock?: Clock
  /** Desktop notifications (Electron); without one, `video.notified` goes to the watching windows. */
  notifier?: Notifier
  saveDialog?: SaveDialog
  timing?: Partial<VideoTiming>
  random?: () => number
  log?: (message: string) => void
  userAgent?: string
}

export class VideoJobService {
  private readonly watchers = new Map<string, { sink: EventSink<Events>; visible: boolean }>()
  private readonly engine: TaskEngine<JobRecord>
  private readonly steps: VideoSteps
  private readonly clock: Clock

  constructor(private readonly deps: VideoJobServiceDeps) {
    this.clock = deps.clock ?? systemClock
    const timing = { ...DEFAULT_VIDEO_TIMING, ...deps.timing }
    const steps = (this.steps = new VideoSteps({
      now: () => this.clock.now(),
      gateway: deps.gateway,
      media: deps.media,
      fetchConnections: timing.fetchConnections,
      fetchIdleMs: timing.fetchIdleMs,
      userAgent: deps.userAgent,
      log: deps.log,
    }))
    this.engine = new TaskEngine<JobRecord>(
      {
        kinds: VIDEO_TASK_KINDS,
        schema: jobRecordSchema,
        resultNoun: 'video',
        label: 'video job',
        notFound: () => new AppError('VIDEO_JOB_NOT_FOUND', 'This video job no longer exists.'),
        step: (job, ctx) => steps.step(job, ctx),
        changed: (job) => this.broadcast('video.jobChanged', { job: this.view(job) }),
        finished: (job) => this.notifyDone(job),
        removed: async (job) => {
          if (job.result) await this.deps.media.delete(job.result.mediaId)
          this.broadcast('video.jobRemoved', { jobId: job.id })
        },
      },
      {
        ledger: deps.ledger ?? new TaskLedger(deps.dataDir, deps.log),
        archive: new ExchangeArchive(deps.dataDir),
        profiles: deps.profiles,
        timing,
        clock: this.clock,
        random: deps.random,
        log: deps.log,
      },
    )
  }

  /** Loads the video jobs from the ledger and resumes every unfinished one (also when no window is open). */
  start(): Promise<void> {
    return this.engine.start()
  }

  /** Stops every timer and request; jobs stay as they are on disk and resume at the next start. */
  close(): Promise<void> {
    return this.engine.close()
  }

  list(offset = 0, limit = 50): { jobs: VideoJob[]; total: number } {
    const all = this.engine.sorted()
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
    return this.view(this.engine.record(jobId))
  }

  exchange(jobId: string, which: ExchangeSlot): Exchange | null {
    return this.engine.exchange(jobId, which)
  }

  async submit(request: VideoJobRequest): Promise<VideoJob> {
    if (this.engine.isClosed) throw new AppError('VIDEO_CLOSED', 'The app is shutting down.')
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
      task: request.kind === 'console' ? 'console-video' : 'video',
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
    const sent = await this.engine.submit(job, (ctx) => this.steps.send(job, profile, { path, body }, ctx))
    return this.view(sent)
  }

  cancel(jobId: string): VideoJob {
    return this.view(this.engine.cancel(jobId))
  }

  async retry(jobId: string): Promise<{ job: VideoJob; resubmitted: boolean }> {
    const { job, resubmitted } = await this.engine.retry(jobId, async (old) => {
      const fresh = await this.submit(old.request)
      return this.engine.record(fresh.id)
    })
    return { job: this.view(job), resubmitted }
  }

  remove(jobId: string): Promise<boolean> {
    return this.engine.remove(jobId)
  }

  async details(jobId: string): Promise<{
    job: VideoJob
    request: VideoJobRequest
    code: { curl: string; typescript: string; python: string } | null
    url: string | null
  }> {
    const job = this.engine.record(jobId)
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
    const job = this.engine.record(jobId)
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

  // ---------------------------------------------------------------- view, events

  private view(job: JobRecord): VideoJob {
    const { request: _request, resultAttempts: _attempts, task: _task, result, ...rest } = job
    return {
      ...rest,
      prompt: job.prompt.length > 500 ? `${job.prompt.slice(0, 499)}…` : job.prompt,
      result: result && { ...result, url: this.deps.media.url(result.mediaId) },
      ...this.engine.live(job),
    }
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

/** A body for the preview when the form does not validate yet: the builder's output, unchecked. */
function draftBody(request: VideoJobRequest): Record<string, unknown> {
  if (request.kind === 'console') return { ...request.form }
  const model = findVideoModel(request.model)
  return model ? buildVideoBody(model, request.form) : { model: request.model }
}
