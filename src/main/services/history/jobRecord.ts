// Video jobs and console image tasks as history records: when, profile by name, endpoint, model, the body as
// sent (its Base64 already elided by the exchange), status, duration, and the result by reference (media ids,
// sizes, never the bytes). JobEnds records a job when it ends, once per end, before the windows are told.
import type { Exchange } from '../../../shared/ipc/exchange'
import type { VideoJobStatus } from '../../../shared/ipc/video'
import type { ImageRecord } from '../images/imageRecord'
import type { ExchangeSlot, JobExchanges, TaskRecord } from '../tasks/types'
import type { JobRecord } from '../video/jobRecord'
import type { RunRecord, RunRecorder } from './ports'
import { billedStored } from '../../../shared/cost/billed'

const ENDED = new Set<VideoJobStatus>(['succeeded', 'failed', 'cancelled'])
const STATUS: Partial<Record<VideoJobStatus, string>> = {
  succeeded: 'done',
  failed: 'failed',
  cancelled: 'cancelled',
}

export class JobEnds<R extends TaskRecord> {
  private readonly recordedAt = new Map<string, number>()

  constructor(
    private readonly recorder: RunRecorder | undefined,
    private readonly toRecord: (job: R) => RunRecord,
    private readonly log?: (message: string) => void,
  ) {}

  /** Sees every change of a job and records each end once (a retried job's later end replaces the record). */
  changed(job: R): void {
    if (!this.recorder || !ENDED.has(job.status) || this.recordedAt.get(job.id) === job.updatedAt) return
    this.recordedAt.set(job.id, job.updatedAt)
    try {
      this.recorder.record(this.toRecord(job))
    } catch (error) {
      // The job's own life cycle goes on whatever the history makes of it.
      this.log?.(`history: job ${job.id} was not recorded: ${(error as Error).message}`)
    }
  }
}

/** The exchanges a job keeps, read through its service. */
export function keptExchanges(read: (slot: ExchangeSlot) => Exchange | null): JobExchanges {
  return {
    submit: read('submit') ?? undefined,
    poll: read('poll') ?? undefined,
    result: read('result') ?? undefined,
  }
}

function endpointOf(exchange: Exchange | undefined, fallback: string): string {
  try {
    return exchange ? new URL(exchange.request.url).pathname : fallback
  } catch {
    return fallback
  }
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(bytes < 1_048_576 ? 2 : 1)} MB`

/** What every job record shares: times, status, error, the submit exchange as the capture. */
function jobBase(
  job: TaskRecord,
  exchanges: JobExchanges,
): Omit<RunRecord, 'kind' | 'model' | 'prompt' | 'answer' | 'result' | 'format'> {
  const ended = job.finishedAt ?? job.updatedAt
  return {
    id: job.id,
    createdAt: job.createdAt,
    profile: job.profileName,
    status: STATUS[job.status] ?? job.status,
    ttftMs: null,
    totalMs: Math.max(0, ended - job.createdAt),
    inputTokens: null,
    outputTokens: null,
    requestBody: exchanges.submit?.request.body ?? null,
    draft: null,
    error: job.error ? `${job.error.code}: ${job.error.message}` : null,
    capture: exchanges.submit ? { exchange: exchanges.submit, rawBody: '' } : null,
    cost: billedStored(job.cost),
  }
}

function outcomeWords(job: TaskRecord, done: string): string {
  if (job.status === 'succeeded') return done
  if (job.status === 'cancelled')
    return `Cancelled while ${job.remoteStatus ?? 'submitting'} (task ${job.taskId ?? 'unknown'})`
  return `Failed at the ${job.error?.stage ?? 'unknown'} stage: ${job.error?.message ?? 'no reason given'}`
}

/** The life-cycle facts a job's result keeps, beside its reference. */
function lifeCycle(job: TaskRecord, exchanges: JobExchanges) {
  return {
    taskId: job.taskId,
    remoteStatus: job.remoteStatus,
    polls: job.polls,
    submittedAt: job.submittedAt,
    finishedAt: job.finishedAt,
    resultFetches: job.resultFetches,
    lastPoll: exchanges.poll?.response
      ? `${exchanges.poll.response.status} ${exchanges.poll.request.url}`
      : null,
    error: job.error,
  }
}

export function videoJobRunRecord(job: JobRecord, exchanges: JobExchanges): RunRecord {
  const r = job.result
  const s = job.summary
  const shape = [`${s.durationSeconds} s`, s.resolution, s.aspectRatio, s.audio ? 'with audio' : null]
    .filter(Boolean)
    .join(', ')
  const done = r ? `Video ${r.name} (${r.mimeType}, ${megabytes(r.bytes)}, ${shape}; ${r.source})` : 'Video'
  return {
    ...jobBase(job, exchanges),
    kind: 'video',
    format: endpointOf(exchanges.submit, job.kind === 'console' ? 'console video' : `family ${job.family}`),
    model: job.model || null,
    prompt: job.prompt,
    answer: outcomeWords(job, done),
    result: {
      summary: outcomeWords(job, done),
      reference: r && {
        mediaId: r.mediaId,
        mimeType: r.mimeType,
        bytes: r.bytes,
        name: r.name,
        source: r.source,
      },
      family: job.family,
      mode: job.mode,
      shape: s,
      ...lifeCycle(job, exchanges),
    },
  }
}

export function imageJobRunRecord(job: ImageRecord, exchanges: JobExchanges): RunRecord {
  const images = job.results
  const done = `${images.length} image${images.length === 1 ? '' : 's'}: ${images
    .slice(0, 4)
    .map((i) => `${i.name} (${i.width ?? '?'}×${i.height ?? '?'}, ${megabytes(i.bytes)})`)
    .join(', ')}`
  const form: Record<string, unknown> = job.request?.form ?? {}
  return {
    ...jobBase(job, exchanges),
    kind: 'console',
    format: endpointOf(exchanges.submit, job.task),
    model: 'model' in form && typeof form.model === 'string' && form.model ? form.model : null,
    prompt: 'prompt' in form && typeof form.prompt === 'string' && form.prompt ? form.prompt : job.title,
    answer: outcomeWords(job, done),
    result: {
      summary: outcomeWords(job, done),
      task: job.task,
      mode: job.mode,
      references: images.map(({ mediaId, mimeType, bytes, name, width, height }) => ({
        mediaId,
        mimeType,
        bytes,
        name,
        width,
        height,
      })),
      expected: job.expected,
      ...lifeCycle(job, exchanges),
    },
  }
}
