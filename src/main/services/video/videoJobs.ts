// The video job service: the video domain on the task engine. It validates and prepares a job (endpoint 11 or
// 14), hands its life cycle to the engine (persist before the first poll, poll with backoff, resume after a
// restart, fetch the video once: R7), and turns job records into the view the windows list, with events to the
// watching windows and a notification when a job ends while no Video panel is on screen.
import type { RunRecord } from '../history/ports'
import { videoJobRunRecord } from '../history/jobRecord'
import type { JobExchanges } from '../tasks/types'
import { AppError } from '../../../shared/ipc/result'
import type { VideoJob, VideoJobRequest, VideoPreview } from '../../../shared/ipc/video'
import { FAMILY_A_VIDEO_ID_PREFIX, VIDEO_POLL_INTERVAL_MS } from '../../../shared/catalog/videoModels'
import type { TaskLookup, TaskLookupRequest } from '../../../shared/ipc/taskLookup'
import { buildVideoBody } from '../../../shared/video/build'
import { videoModelForForm } from '../../../shared/video/validate'
import { consolePath } from '../../../shared/catalog/consoleTasks'
import { authorize, type EndpointKind, type GatewayClient } from '../gateway'
import type { MediaStore } from '../mediaStore'
import type { ResolvedProfile } from '../profiles'
import { maskedRequest } from '../tasks/requestCode'
import type { TaskTiming } from '../tasks/engine'
import { DEFAULT_TASK_TIMING } from '../tasks/domain'
import { kindOfMode } from '../../../shared/catalog/jobKinds'
import {
  JobService,
  type JobKindSpec,
  type FormRequest,
  type JobServiceDeps,
  type RawJob,
} from '../tasks/jobService'
import { adoptedLife, newLife } from '../tasks/recordLife'
import { jobRecordSchema, type JobRecord } from './jobRecord'
import type { Notifier, SaveDialog } from './ports'
import { prepareVideoRequest, VIDEO_SUBMIT_PATH } from './requests'
import { VideoSteps } from './videoSteps'
import { rawVideoJob } from './rawJob'
import type { RawVideoRequest } from '../../../shared/ipc/rawRequest'
import { videoBill } from '../../../shared/video/bill'
import type { JobCharge } from '../tasks/jobCost'

export interface VideoTiming extends TaskTiming {
  /** Connections per hosted download (the first plus Range resumes). */
  fetchConnections: number
  /** A download with no bytes for this long is dropped and resumed. */
  fetchIdleMs: number
}

export const DEFAULT_VIDEO_TIMING: VideoTiming = {
  ...DEFAULT_TASK_TIMING,
  pollIntervalMs: { ...VIDEO_POLL_INTERVAL_MS },
  fetchConnections: 4,
  fetchIdleMs: 30_000,
}

export interface VideoJobServiceDeps extends JobServiceDeps {
  gateway: GatewayClient
  media: MediaStore
  /** Desktop notifications (Electron); without one, `video.notified` goes to the watching windows. */
  notifier?: Notifier
  saveDialog?: SaveDialog
  timing?: Partial<VideoTiming>
  userAgent?: string
}

const VIDEO_JOBS: JobKindSpec<JobRecord> = {
  panel: 'video',
  schema: jobRecordSchema,
  notFound: () => new AppError('VIDEO_JOB_NOT_FOUND', 'This video job no longer exists.'),
}

export class VideoJobService extends JobService<JobRecord, VideoJob, VideoJobRequest, RawVideoRequest> {
  protected readonly steps: VideoSteps

  constructor(private readonly deps: VideoJobServiceDeps) {
    const timing = { ...DEFAULT_VIDEO_TIMING, ...deps.timing }
    super(deps, VIDEO_JOBS, timing)
    this.steps = new VideoSteps({
      now: () => this.clock.now(),
      gateway: deps.gateway,
      media: deps.media,
      fetchConnections: timing.fetchConnections,
      fetchIdleMs: timing.fetchIdleMs,
      maxResultBytes: () => deps.profiles.appSettings().downloads.videoMaxMB * 1024 * 1024,
      userAgent: deps.userAgent,
      log: deps.log,
    })
  }

  async submit(request: VideoJobRequest): Promise<VideoJob> {
    this.assertOpen()
    const profile = await this.deps.profiles.resolve(request.profileId)
    const force = request.kind === 'model' && request.force === true
    const prepared = await prepareVideoRequest(request, this.deps.media, { inline: true, force })
    if (!prepared.ok) {
      throw new AppError('VIDEO_INVALID_INPUT', prepared.issues.map((i) => i.message).join('; '), {
        issues: prepared.issues,
      })
    }
    const { path, body, summary } = prepared.value
    // Missing credentials are the person's to fix, before any job exists.
    authorize(profile, { kind: request.kind, path })
    const job: JobRecord = {
      ...newLife(profile, this.clock.now()),
      task: kindOfMode('video', request.kind),
      kind: request.kind,
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
      result: null,
    }
    return this.send(job, profile, { path, body })
  }

  protected rawJob(profile: ResolvedProfile, request: RawVideoRequest, now: number): RawJob<JobRecord> {
    return { endpoint: request.kind, ...rawVideoJob(profile, request, now) }
  }

  protected async formRequest(job: JobRecord): Promise<FormRequest | null> {
    if (!job.request) return null
    const preview = await this.preview(job.request)
    return { form: job.request, url: preview.url, code: preview.code }
  }

  protected rawTarget(job: JobRecord): { kind: EndpointKind; path: string } {
    const kind = job.raw?.kind ?? job.kind
    return { kind, path: kind === 'console' ? consolePath('videoSubmit') : VIDEO_SUBMIT_PATH }
  }

  /** The request a submit would send, masked, with its code export and validation issues. */
  async preview(request: VideoJobRequest): Promise<VideoPreview> {
    const prepared = await prepareVideoRequest(request, this.deps.media, { inline: false })
    const path = prepared.ok
      ? prepared.value.path
      : request.kind === 'console'
        ? consolePath('videoSubmit')
        : VIDEO_SUBMIT_PATH
    const body = prepared.ok ? prepared.value.displayBody : draftBody(request)
    const masked = await maskedRequest(this.deps.profiles, request.profileId, request.kind, path, body)
    return {
      method: 'POST',
      url: masked.url,
      headers: masked.headers,
      body: JSON.stringify(body, null, 2),
      code: masked.code,
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

  protected adoptedRecord(
    profile: ResolvedProfile,
    request: TaskLookupRequest,
    found: TaskLookup,
  ): JobRecord {
    const isConsole = request.kind === 'console-video-query'
    // Family A's ids begin with `video_` (spec); only its video comes by download.
    const familyA = request.kind === 'video-download' || request.taskId.startsWith(FAMILY_A_VIDEO_ID_PREFIX)
    return {
      ...adoptedLife(profile, request.taskId, found.status, this.clock.now()),
      task: kindOfMode('video', isConsole ? 'console' : 'model'),
      kind: isConsole ? 'console' : 'model',
      // The query answer does not name the model; the record says so rather than guessing.
      model: 'model not known',
      family: isConsole ? 'console' : familyA ? 'A' : 'unknown',
      mode: 'adopted',
      prompt: `Adopted task ${request.taskId}`,
      summary: {
        durationSeconds: 0,
        resolution: null,
        aspectRatio: null,
        imageCount: 0,
        audio: false,
        sampleCount: 1,
      },
      request: null,
      result: null,
    }
  }

  // ---------------------------------------------------------------- view, events

  protected view(job: JobRecord): VideoJob {
    const { request: _request, resultAttempts: _attempts, raw: _raw, result, ...rest } = job
    return {
      ...rest,
      prompt: job.prompt.length > 500 ? `${job.prompt.slice(0, 499)}…` : job.prompt,
      result: result && { ...result, url: this.deps.media.url(result.mediaId) },
      ...this.engine.live(job),
    }
  }

  protected runRecord(job: JobRecord, exchanges: JobExchanges): RunRecord {
    return videoJobRunRecord(job, exchanges)
  }

  /**
   * Seconds of video at a resolution: a form's through the model's defaults for what it left out, an edited
   * JSON's or a console job's as its summary read them (all the clips a family B job makes).
   */
  protected bill(job: JobRecord): JobCharge {
    const request = job.request
    if (request?.kind === 'model')
      return {
        model: job.model,
        bill: videoBill(videoModelForForm(request.model, request.form), request.form),
      }
    const s = job.summary
    return {
      model: job.model,
      bill: { seconds: s.durationSeconds * Math.max(1, s.sampleCount), resolution: s.resolution },
    }
  }

  protected async discard(job: JobRecord): Promise<void> {
    if (job.result) await this.deps.media.delete(job.result.mediaId)
  }

  /** A job that ends while no window shows the Video panel is announced (a desktop notification). */
  protected override finished(job: JobRecord): void {
    if (this.seen()) return
    const ok = job.status === 'succeeded'
    const title = ok ? 'Video ready' : 'Video job failed'
    const what = `${job.model}: ${job.prompt.slice(0, 80)}${job.prompt.length > 80 ? '…' : ''}`
    const body = ok ? what : `${what}\n${job.error?.message.slice(0, 160) ?? ''}`
    const notification = { jobId: job.id, title, body }
    if (this.deps.notifier) this.deps.notifier.notify(notification)
    else this.board.broadcast('video.notified', notification)
  }
}

/** A body for the preview when the form does not validate yet: the builder's output, unchecked. */
function draftBody(request: VideoJobRequest): Record<string, unknown> {
  if (request.kind === 'console') return { ...request.form }
  // A model outside the catalog shows the body of the family the user chose for it.
  return buildVideoBody(videoModelForForm(request.model, request.form), request.form)
}
