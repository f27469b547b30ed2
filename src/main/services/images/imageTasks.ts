// The console image task service: the images domain on the task engine. It validates a form (issues name the
// field and rule, files are checked in main), builds the body of 16–19 with files inlined, and hands the life
// cycle to the engine: persisted before the first poll, polled through 20 with backoff, resumed after a restart,
// each result image fetched once into the media store (R7). Windows that watch get every change as an event.
import type { JobCharge } from '../tasks/jobCost'
import type { RunRecord } from '../history/ports'
import { imageJobRunRecord } from '../history/jobRecord'
import type { JobExchanges } from '../tasks/types'
import { consolePath } from '../../../shared/catalog/consoleTasks'
import type { TaskLookup, TaskLookupRequest } from '../../../shared/ipc/taskLookup'
import { endpointOfMode, kindOfMode } from '../../../shared/catalog/jobKinds'
import type { ImageJob, ImageJobRequest } from '../../../shared/ipc/images'
import { AppError } from '../../../shared/ipc/result'
import type { ValidationIssue } from '../../../shared/ipc/jobLife'
import { buildImageBody, imageFieldsOf, validateImageForm } from '../../../shared/images/bodies'
import type { ImageForm, LocalImageAs } from '../../../shared/images/forms'
import { authorize, type EndpointKind, type GatewayClient } from '../gateway'
import { maskedRequest } from '../tasks/requestCode'
import type { MediaStore } from '../mediaStore'
import type { ResolvedProfile } from '../profiles'
import type { TaskTiming } from '../tasks/engine'
import { DEFAULT_TASK_TIMING } from '../tasks/domain'
import {
  JobService,
  type FormRequest,
  type JobKindSpec,
  type JobServiceDeps,
  type RawJob,
} from '../tasks/jobService'
import { adoptedLife, newLife } from '../tasks/recordLife'
import { inlineFile, loadInputs, type StoredInput } from './imageInputs'
import { imageRecordSchema, type ImageRecord } from './imageRecord'
import { ImageSteps } from './imageSteps'
import { rawImageJob } from './rawJob'
import type { RawImageRequest } from '../../../shared/ipc/rawRequest'

export interface ImageTiming extends TaskTiming {
  /** A result download with no bytes for this long is dropped and resumed. */
  fetchIdleMs: number
}

export const DEFAULT_IMAGE_TIMING: ImageTiming = {
  ...DEFAULT_TASK_TIMING,
  fetchIdleMs: 30_000,
}

export interface ImageTaskServiceDeps extends JobServiceDeps {
  gateway: GatewayClient
  media: MediaStore
  timing?: Partial<ImageTiming>
  userAgent?: string
}

/** The model an edited batch JSON names (either field form), else null. */
function rawModel(text: string): string | null {
  try {
    const body = JSON.parse(text) as Record<string, unknown>
    const model = body.model ?? body['batchImageGenerationDTO.model']
    return typeof model === 'string' ? model.trim().slice(0, 200) : null
  } catch {
    return null
  }
}

/** How a file goes into the body: where the spec takes Base64 (easy mode) bare, elsewhere as the form says. */
const localAs = (form: ImageForm): LocalImageAs =>
  form.mode === 'easy' ? 'base64' : form.mode === 'batch' ? 'dataUrl' : form.localImageAs

/** The input shown as "before": try-on's model photo, a photo-shoot's product image. */
function beforeField(form: ImageForm): string | null {
  if (form.mode === 'try-on') return 'person'
  if (form.mode === 'advanced') return 'productImage'
  if (form.mode === 'easy') {
    const i = form.parts.findIndex((p) => p.image?.trim())
    return i >= 0 ? `parts[${i}].image` : null
  }
  return null
}

function titleOf(form: ImageForm): string {
  const cut = (s: string) => (s.length > 200 ? `${s.slice(0, 199)}…` : s)
  switch (form.mode) {
    case 'batch':
      return cut(form.prompt)
    case 'easy':
      return cut(
        form.parts
          .map((p) => p.text?.trim())
          .filter(Boolean)
          .join(' · ') || 'Photo-shoot (easy)',
      )
    case 'advanced':
      return 'Photo-shoot (advanced): product into template'
    case 'try-on':
      return `Try-on: ${form.garments.length} garment${form.garments.length === 1 ? '' : 's'}`
  }
}

const IMAGE_JOBS: JobKindSpec<ImageRecord> = {
  panel: 'images',
  schema: imageRecordSchema,
  notFound: () => new AppError('IMAGE_JOB_NOT_FOUND', 'This image job no longer exists.'),
}

export class ImageTaskService extends JobService<ImageRecord, ImageJob, ImageJobRequest, RawImageRequest> {
  protected readonly steps: ImageSteps

  constructor(private readonly deps: ImageTaskServiceDeps) {
    const timing = { ...DEFAULT_IMAGE_TIMING, ...deps.timing }
    super(deps, IMAGE_JOBS, timing)
    this.steps = new ImageSteps({
      now: () => this.clock.now(),
      gateway: deps.gateway,
      media: deps.media,
      fetchIdleMs: timing.fetchIdleMs,
      maxResultBytes: () => deps.profiles.appSettings().downloads.imageMaxMB * 1024 * 1024,
      userAgent: deps.userAgent,
    })
  }

  /** The issues a submit would refuse with: the form's rules, then the files (stored, type, size, mask size). */
  async check(request: ImageJobRequest): Promise<ValidationIssue[]> {
    return (await this.prepare(request.form)).issues
  }

  async submit(request: ImageJobRequest): Promise<ImageJob> {
    this.assertOpen()
    const profile = await this.deps.profiles.resolve(request.profileId)
    const { issues, files } = await this.prepare(request.form)
    if (issues.length > 0) {
      throw new AppError('IMAGES_INVALID_INPUT', issues.map((i) => i.message).join('; '), { issues })
    }
    const path = consolePath(endpointOfMode(request.form.mode))
    // Missing credentials are the person's to fix, before any job exists.
    authorize(profile, { kind: 'console', path })
    const as = localAs(request.form)
    const inlined = new Map<string, string>()
    for (const [field, file] of files) inlined.set(field, await inlineFile(file, as))
    const body = buildImageBody(request.form, (field, ref) => inlined.get(field) ?? ref)
    const before = beforeField(request.form)
    const job: ImageRecord = {
      ...newLife(profile, this.clock.now()),
      task: kindOfMode('images', request.form.mode),
      mode: request.form.mode,
      title: titleOf(request.form),
      request,
      expected: null,
      answerUrls: [],
      results: [],
      beforeMediaId: (before && files.get(before)?.mediaId) ?? null,
    }
    return this.send(job, profile, { path, body })
  }

  protected async formRequest(job: ImageRecord): Promise<FormRequest | null> {
    if (!job.request) return null
    const { form, profileId } = job.request
    // Picked files show as their attachment: references; the submit exchange holds what was sent.
    const body = buildImageBody(form, (_field, ref) => ref)
    const masked = await maskedRequest(
      this.deps.profiles,
      profileId,
      'console',
      consolePath(endpointOfMode(form.mode)),
      body,
    )
    return { form: job.request, url: masked.url, code: masked.code }
  }

  protected rawTarget(job: ImageRecord): { kind: EndpointKind; path: string } {
    return { kind: 'console', path: consolePath(job.raw?.endpoint ?? endpointOfMode(job.mode)) }
  }

  protected rawJob(profile: ResolvedProfile, request: RawImageRequest, now: number): RawJob<ImageRecord> {
    return { endpoint: 'console', ...rawImageJob(profile, request, now) }
  }

  private async prepare(
    form: ImageForm,
  ): Promise<{ issues: ValidationIssue[]; files: Map<string, StoredInput> }> {
    const issues: ValidationIssue[] = []
    const { files, dims } = await loadInputs(this.deps.media, imageFieldsOf(form), issues)
    const failed = new Set(issues.map((i) => i.field))
    issues.push(...validateImageForm(form, dims).filter((i) => !failed.has(i.field)))
    return { issues, files }
  }

  protected adoptedRecord(
    profile: ResolvedProfile,
    request: TaskLookupRequest,
    found: TaskLookup,
  ): ImageRecord {
    // Endpoint 20 serves advanced-mode photo-shoots and try-ons alike; the id does not say which.
    return {
      ...adoptedLife(profile, request.taskId, found.status, this.clock.now()),
      task: 'photo-shoot',
      mode: 'advanced',
      title: `Adopted task ${request.taskId}`,
      request: null,
      expected: null,
      answerUrls: [],
      results: [],
      beforeMediaId: null,
    }
  }

  protected view(job: ImageRecord): ImageJob {
    const {
      request: _r,
      resultAttempts: _a,
      answerUrls: _u,
      raw: _raw,
      beforeMediaId,
      results,
      ...rest
    } = job
    return {
      ...rest,
      results: results.map((r) => ({ ...r, url: this.deps.media.url(r.mediaId) })),
      before: beforeMediaId ? this.deps.media.url(beforeMediaId) : null,
      ...this.engine.live(job),
    }
  }

  protected runRecord(job: ImageRecord, exchanges: JobExchanges): RunRecord {
    return imageJobRunRecord(job, exchanges)
  }

  /**
   * Images the gateway made, priced per image under the batch model (the form's, or an edited JSON's `model`);
   * the other tasks name no model, so their price is set under the task's name (`photo-shoot`, `try-on`).
   */
  protected bill(job: ImageRecord): JobCharge {
    const images = job.expected ?? job.results.length
    const form = job.request?.form
    const model = form?.mode === 'batch' ? form.model.trim() : job.raw ? rawModel(job.raw.body) : null
    return { model: model || job.task, bill: { images } }
  }

  protected async discard(job: ImageRecord): Promise<void> {
    for (const r of job.results) await this.deps.media.delete(r.mediaId)
  }
}
