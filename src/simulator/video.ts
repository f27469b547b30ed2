// Video endpoints 11-13: submit validates with the shared rules (src/shared/video/rules.ts), a task's status
// derives from the clock alone (queued → in_progress → succeeded/failed after VIDEO_TIMELINE_MS divided by
// videoSpeed), and results are the sample MP4s: family A by download only, B as a data URL or a hosted URL,
// C and D as hosted URLs. Trigger words in the prompt (family D: its text item), case-insensitive:
//   fail    the task ends `failed` with error {code, message}
//   inline  family B answers a `data:video/mp4;base64,` URL (otherwise chosen by a hash of prompt and seed)
//   hosted  family B answers a hosted URL
//   expire  the hosted URL always answers 403 (an expired signed URL); family B is then hosted
//   flaky   the hosted URL's first GET drops halfway (resume with Range); family B is then hosted
//   neverending  the task stays `in_progress` for ever (a client's polling limit ends the wait)
//   oddstatus    after `queued` the task reports ODD_TASK_STATUS, a status the spec does not name, for ever
import { randomBytes } from 'node:crypto'
import type { SimContext, SimRoute, SimState } from './types'
import { sendError } from './errors'
import { sendJson } from './http'
import {
  FAMILY_A_VIDEO_ID_PREFIX,
  findVideoModel,
  type VideoFamily,
  type VideoStatus,
} from '../shared/catalog/videoModels'
import { analyzeVideoBody, describeVideoIssues, summarizeVideoBody } from '../shared/video/rules'
import { assumedLimit } from '../shared/video/rawCheck'
import { hash32, hostMedia, sampleVideo, type SampleVideo } from './media'

/** Milestones of a task at videoSpeed 1: queued until `queued`, in progress until `total`. */
export const VIDEO_TIMELINE_MS = { queued: 3_000, total: 20_000 } as const

export const VIDEO_TRIGGERS = [
  'fail',
  'inline',
  'hosted',
  'expire',
  'flaky',
  'neverending',
  'oddstatus',
] as const
export type VideoTrigger = (typeof VIDEO_TRIGGERS)[number]

/** The trigger words a prompt contains. */
export function videoTriggers(prompt: string): Set<VideoTrigger> {
  const lower = prompt.toLowerCase()
  return new Set(VIDEO_TRIGGERS.filter((t) => lower.includes(t)))
}

export interface SimVideoTask {
  id: string
  model: string
  family: VideoFamily | 'console'
  createdAt: number
  triggers: Set<VideoTrigger>
  file: SampleVideo
  delivery: 'download' | 'data' | 'hosted'
  /** Set when the task is first seen succeeded, so every query answers the same URL. */
  url: string | undefined
}

export const FAILED_TASK_ERROR = {
  code: 500,
  message: 'Simulated generation failure: the prompt contains the trigger word "fail".',
} as const

/** What an `oddstatus` task reports: a value outside the spec's list of video task statuses. */
export const ODD_TASK_STATUS = 'on_hold_for_review'

/** The status a task has now; `submitted` is only the submit response's. */
export function videoStatusAt(
  task: SimVideoTask,
  sim: SimState,
): Exclude<VideoStatus, 'submitted'> | typeof ODD_TASK_STATUS {
  const speed = sim.options.videoSpeed > 0 ? sim.options.videoSpeed : 1
  const elapsed = (sim.clock.now() - task.createdAt) * speed
  if (elapsed < VIDEO_TIMELINE_MS.queued) return 'queued'
  if (task.triggers.has('oddstatus')) return ODD_TASK_STATUS
  if (task.triggers.has('neverending')) return 'in_progress'
  if (elapsed < VIDEO_TIMELINE_MS.total) return 'in_progress'
  return task.triggers.has('fail') ? 'failed' : 'succeeded'
}

/** The result URL of a succeeded task (hosted or data URL), made once. */
export function resultUrl(task: SimVideoTask, sim: SimState): string {
  if (task.url === undefined) {
    task.url =
      task.delivery === 'data'
        ? `data:video/mp4;base64,${sampleVideo(task.file).toString('base64')}`
        : hostMedia(sim, task.file, {
            expired: task.triggers.has('expire'),
            flaky: task.triggers.has('flaky'),
          })
  }
  return task.url
}

export function taskStore(sim: SimState, key: string): Map<string, SimVideoTask> {
  let store = sim.stores.get(key) as Map<string, SimVideoTask> | undefined
  if (!store) sim.stores.set(key, (store = new Map()))
  return store
}

const STORE = 'video.tasks'

function fileFor(family: VideoFamily, audio: boolean): SampleVideo {
  if (family === 'D') return audio ? 'famD-audio.mp4' : 'famD.mp4'
  return `fam${family}.mp4`
}

function deliveryFor(
  family: VideoFamily,
  triggers: Set<VideoTrigger>,
  prompt: string,
  seed: number | undefined,
): SimVideoTask['delivery'] {
  if (family === 'A') return 'download'
  if (family !== 'B') return 'hosted'
  if (triggers.has('inline')) return 'data'
  if (triggers.has('hosted') || triggers.has('expire') || triggers.has('flaky')) return 'hosted'
  // Family B "may return either": decided by the request, so the same request always gets the same kind.
  return hash32(`${prompt}|${seed ?? ''}`) % 2 === 0 ? 'data' : 'hosted'
}

const newId = (family: VideoFamily): string =>
  `${family === 'A' ? FAMILY_A_VIDEO_ID_PREFIX : 'task_'}${randomBytes(12).toString('hex')}`

function submit(ctx: SimContext): void {
  const analysis = analyzeVideoBody(ctx.body)
  // A limit the catalog marks as the app's assumption (the spec states none) is not the gateway's to refuse.
  const row =
    isRecord(ctx.body) && typeof ctx.body.model === 'string' ? findVideoModel(ctx.body.model) : undefined
  const issues = row
    ? analysis.issues.filter((i) => !assumedLimit(row.assumed, i.field, i.rule))
    : analysis.issues
  const request =
    analysis.request ??
    (row && issues.length === 0 ? summarizeVideoBody(ctx.body as Record<string, unknown>, row) : undefined)
  if (!request) {
    sendError(ctx, 400, 'video', 'invalid_request_error', describeVideoIssues(issues), {
      param: issues[0]?.field ?? null,
      code: 'invalid_parameter',
    })
    return
  }
  const family = request.model.family
  const triggers = videoTriggers(request.prompt)
  const task: SimVideoTask = {
    id: newId(family),
    model: request.model.id,
    family,
    createdAt: ctx.sim.clock.now(),
    triggers,
    file: fileFor(family, request.audio),
    delivery: deliveryFor(family, triggers, request.prompt, request.seed),
    url: undefined,
  }
  taskStore(ctx.sim, STORE).set(task.id, task)
  sendJson(ctx, 200, { task_id: task.id, status: 'submitted', format: 'mp4' })
}

function query(ctx: SimContext): void {
  const id = decodeURIComponent(ctx.params.task_id ?? '')
  const task = taskStore(ctx.sim, STORE).get(id)
  if (!task) {
    sendError(ctx, 404, 'video', 'invalid_request_error', `No video task with id ${JSON.stringify(id)}.`, {
      param: 'task_id',
      code: 'task_not_found',
    })
    return
  }
  const status = videoStatusAt(task, ctx.sim)
  sendJson(ctx, 200, {
    task_id: task.id,
    status,
    format: 'mp4',
    // Family A's query carries no url: its video comes from the download endpoint.
    ...(status === 'succeeded' && task.family !== 'A' ? { url: resultUrl(task, ctx.sim) } : {}),
    ...(status === 'failed' ? { error: { ...FAILED_TASK_ERROR } } : {}),
  })
}

function download(ctx: SimContext): void {
  const id = ctx.url.searchParams.get('id') ?? ''
  const refuse = (status: number, message: string, code: string): void =>
    sendError(ctx, status, 'video', 'invalid_request_error', message, { param: 'id', code })
  if (id === '')
    return refuse(400, 'id is required: the task_id of a succeeded family A task.', 'missing_parameter')
  const task = taskStore(ctx.sim, STORE).get(id)
  if (!task) return refuse(404, `No video task with id ${JSON.stringify(id)}.`, 'task_not_found')
  if (task.family !== 'A') {
    return refuse(
      400,
      `Download is for family A only; ${task.model} results come from the url of the query.`,
      'unsupported',
    )
  }
  const status = videoStatusAt(task, ctx.sim)
  if (status !== 'succeeded') {
    return refuse(
      400,
      `Video ${id} cannot be downloaded: its status is ${status}, not succeeded.`,
      'not_ready',
    )
  }
  const bytes = sampleVideo(task.file)
  const base64 = bytes.toString('base64')
  sendJson(ctx, 200, {
    success: true,
    generation_id: id,
    task_id: id,
    format: 'mp4',
    size: bytes.length,
    base64,
    data_url: `data:video/mp4;base64,${base64}`,
  })
}

export const videoRoutes: SimRoute[] = [
  { method: 'POST', path: /^\/v1\/video\/generations$/, auth: 'model', errorStyle: 'video', handle: submit },
  {
    method: 'GET',
    path: /^\/v1\/video\/generations\/download$/,
    auth: 'model',
    errorStyle: 'video',
    handle: download,
  },
  {
    method: 'GET',
    path: /^\/v1\/video\/generations\/(?!download$)(?<task_id>[^/]+)$/,
    auth: 'model',
    errorStyle: 'video',
    handle: query,
  },
]

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
