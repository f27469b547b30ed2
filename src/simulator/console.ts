// Console task endpoints 14-20 (`/prod-api/svc/v4/api/…`, console access token): every answer is the
// `{code, msg, data}` envelope, code 200 on success; refused requests get HTTP 400/404 with the same number in
// `code` and the reason in `msg`. Required fields are checked by the shared checks (catalog/consoleTasks.ts),
// which accept the prefixed, nested and plain field forms.
// Which query serves which id: photoShootQuery serves BOTH the advanced-mode task ids (`ps_…`) and the try-on
// task ids (`tryon_…`); svcVideoQuery serves console video ids. Photo-shoot and try-on tasks are RUNNING for
// PHOTO_TASK_MS / videoSpeed, then SUCCESS with result {taskId, images[]}; any input containing the word
// `fail` ends FAILED, `neverending` stays RUNNING, `oddstatus` answers ODD_PHOTO_STATUS (a status neither the
// spec nor the app names). Console video tasks follow video.ts (same clock and trigger words).
import { randomBytes } from 'node:crypto'
import type { SimContext, SimRoute } from './types'
import { sendError } from './errors'
import { sendJson } from './http'
import {
  CONSOLE_API_PREFIX,
  CONSOLE_PATHS,
  CONSOLE_SUCCESS_CODE,
  PHOTO_SHOOT_STATUS,
  checkBatchImage,
  checkConsoleVideo,
  checkPhotoShootAdvanced,
  checkPhotoShootEasy,
  checkTryOn,
  describeConsoleIssues,
  type ConsoleCheck,
} from '../shared/catalog/consoleTasks'
import { generatedImageUrl, imageSizeOf } from './media'
import {
  FAILED_TASK_ERROR,
  resultUrl,
  taskStore,
  videoStatusAt,
  videoTriggers,
  type SimVideoTask,
} from './video'

/** How long a photo-shoot or try-on task runs at videoSpeed 1. */
export const PHOTO_TASK_MS = 4_000

const VIDEO_STORE = 'console.videoTasks'
const PHOTO_STORE = 'console.photoTasks'

/** What an `oddstatus` photo-shoot or try-on task reports once it would have finished. */
export const ODD_PHOTO_STATUS = 'AWAITING_MODERATION'

/** How a task ends; its digit is part of the id. */
const OUTCOMES = ['success', 'fail', 'neverending', 'oddstatus'] as const
type Outcome = (typeof OUTCOMES)[number]

interface PhotoTask {
  id: string
  kind: 'advanced' | 'tryon'
  createdAt: number
  outcome: Outcome
  images: number
}

const path = (name: string): RegExp => new RegExp(`^${CONSOLE_API_PREFIX.replace(/\//g, '\\/')}${name}$`)
const hex = (): string => randomBytes(10).toString('hex')

function ok(ctx: SimContext, data: unknown, msg = 'success'): void {
  sendJson(ctx, 200, { code: CONSOLE_SUCCESS_CODE, msg, data })
}

function refuse(ctx: SimContext, status: number, msg: string): void {
  sendError(ctx, status, 'console', String(status), msg)
}

/** Answers 400 with the issues, or hands the checked value on. */
function checked<T>(ctx: SimContext, check: ConsoleCheck<T>): T | undefined {
  if (check.ok) return check.value
  refuse(ctx, 400, describeConsoleIssues(check.issues))
  return undefined
}

const mentionsFail = (...texts: (string | undefined)[]): boolean =>
  texts.some((t) => t?.toLowerCase().includes('fail'))

/** The outcome the trigger words in a task's inputs ask for (first match of fail, neverending, oddstatus). */
function outcomeOf(...texts: (string | undefined)[]): Outcome {
  const lower = texts.map((t) => t?.toLowerCase() ?? '')
  return OUTCOMES.slice(1).find((word) => lower.some((t) => t.includes(word))) ?? 'success'
}

function photoStore(ctx: SimContext): Map<string, PhotoTask> {
  let store = ctx.sim.stores.get(PHOTO_STORE) as Map<string, PhotoTask> | undefined
  if (!store) ctx.sim.stores.set(PHOTO_STORE, (store = new Map()))
  return store
}

const PHOTO_ID = /^(tryon|ps)_([0-9a-z]+)-([0-3])-[0-9a-f]+$/

function addPhotoTask(ctx: SimContext, kind: PhotoTask['kind'], outcome: Outcome): string {
  const createdAt = ctx.sim.clock.now()
  // The id carries the task's start and outcome, so a restarted simulator still answers for it (as a real
  // gateway keeps its tasks while a client restarts).
  const id = `${kind === 'tryon' ? 'tryon' : 'ps'}_${createdAt.toString(36)}-${OUTCOMES.indexOf(outcome)}-${hex()}`
  photoStore(ctx).set(id, { id, kind, createdAt, outcome, images: kind === 'tryon' ? 1 : 2 })
  return id
}

function findPhotoTask(ctx: SimContext, id: string): PhotoTask | undefined {
  const known = photoStore(ctx).get(id)
  if (known) return known
  const m = PHOTO_ID.exec(id)
  if (!m) return undefined
  const kind = m[1] === 'tryon' ? 'tryon' : 'advanced'
  const outcome = OUTCOMES[Number(m[3])] ?? 'success'
  return { id, kind, createdAt: parseInt(m[2]!, 36), outcome, images: kind === 'tryon' ? 1 : 2 }
}

function videoSubmit(ctx: SimContext): void {
  const req = checked(ctx, checkConsoleVideo(ctx.body))
  if (!req) return
  const task: SimVideoTask = {
    id: `cv_${hex()}`,
    model: req.model,
    family: 'console',
    createdAt: ctx.sim.clock.now(),
    triggers: videoTriggers(req.prompt),
    file: 'console.mp4',
    delivery: 'hosted',
    url: undefined,
  }
  taskStore(ctx.sim, VIDEO_STORE).set(task.id, task)
  ok(ctx, { task_id: task.id })
}

function videoQuery(ctx: SimContext): void {
  const id = ctx.url.searchParams.get('taskId') ?? ''
  if (id === '') return refuse(ctx, 400, 'taskId is required')
  const task = taskStore(ctx.sim, VIDEO_STORE).get(id)
  if (!task) return refuse(ctx, 404, `No console video task with taskId ${JSON.stringify(id)}`)
  const status = videoStatusAt(task, ctx.sim)
  ok(ctx, {
    task_id: task.id,
    status,
    url: status === 'succeeded' ? resultUrl(task, ctx.sim) : null,
    ...(status === 'failed' ? { error: { ...FAILED_TASK_ERROR } } : {}),
  })
}

function batchImage(ctx: SimContext): void {
  const req = checked(ctx, checkBatchImage(ctx.body))
  if (!req) return
  if (mentionsFail(req.prompt))
    return refuse(ctx, 500, 'Simulated generation failure: the prompt contains "fail".')
  const key = hex()
  const size = imageSizeOf(req.size)
  const images = Array.from({ length: req.n }, (_, i) => ({
    url: generatedImageUrl(ctx.sim, 'batch', key, i, size),
  }))
  ok(ctx, { images })
}

function easyMode(ctx: SimContext): void {
  const req = checked(ctx, checkPhotoShootEasy(ctx.body))
  if (!req) return
  if (mentionsFail(...req.parts.map((p) => p.text))) {
    return refuse(ctx, 500, 'Simulated generation failure: a text part contains "fail".')
  }
  ok(ctx, { url: generatedImageUrl(ctx.sim, 'easy', hex(), 0, imageSizeOf(req.size)) })
}

function advancedMode(ctx: SimContext): void {
  const req = checked(ctx, checkPhotoShootAdvanced(ctx.body))
  if (!req) return
  const outcome = outcomeOf(
    req.productImageUrl,
    req.productMaskUrl,
    req.templateImageUrl,
    req.templateMaskUrl,
  )
  // Spec: data is the task id as a plain string.
  ok(ctx, addPhotoTask(ctx, 'advanced', outcome))
}

function tryOn(ctx: SimContext): void {
  const req = checked(ctx, checkTryOn(ctx.body))
  if (!req) return
  const outcome = outcomeOf(req.personUrl, ...req.garments.map((g) => g.url))
  ok(ctx, { task_id: addPhotoTask(ctx, 'tryon', outcome) })
}

function photoShootQuery(ctx: SimContext): void {
  const id = ctx.url.searchParams.get('taskId') ?? ''
  if (id === '') return refuse(ctx, 400, 'taskId is required')
  const task = findPhotoTask(ctx, id)
  if (!task) return refuse(ctx, 404, `No photo-shoot or try-on task with taskId ${JSON.stringify(id)}`)
  const speed = ctx.sim.options.videoSpeed > 0 ? ctx.sim.options.videoSpeed : 1
  const done = (ctx.sim.clock.now() - task.createdAt) * speed >= PHOTO_TASK_MS
  if (!done || task.outcome === 'neverending')
    return ok(ctx, { status: PHOTO_SHOOT_STATUS.running, result: { taskId: id, images: [] } })
  if (task.outcome === 'oddstatus')
    return ok(ctx, { status: ODD_PHOTO_STATUS, result: { taskId: id, images: [] } })
  if (task.outcome === 'fail') {
    return ok(
      ctx,
      { status: PHOTO_SHOOT_STATUS.failed, result: { taskId: id, images: [] } },
      'Simulated task failure: an input URL contains "fail".',
    )
  }
  const images = Array.from({ length: task.images }, (_, i) =>
    generatedImageUrl(ctx.sim, task.kind, id.replace(/_/g, '-'), i, { width: 512, height: 768 }),
  )
  ok(ctx, { status: PHOTO_SHOOT_STATUS.success, result: { taskId: id, images } })
}

const route = (method: 'GET' | 'POST', name: string, handle: (ctx: SimContext) => void): SimRoute => ({
  method,
  path: path(name),
  auth: 'console',
  errorStyle: 'console',
  handle,
})

export const consoleRoutes: SimRoute[] = [
  route('POST', CONSOLE_PATHS.videoSubmit, videoSubmit),
  route('GET', CONSOLE_PATHS.videoQuery, videoQuery),
  route('POST', CONSOLE_PATHS.batchImage, batchImage),
  route('POST', CONSOLE_PATHS.photoShootEasy, easyMode),
  route('POST', CONSOLE_PATHS.photoShootAdvanced, advancedMode),
  route('POST', CONSOLE_PATHS.tryOn, tryOn),
  route('GET', CONSOLE_PATHS.photoShootQuery, photoShootQuery),
]
