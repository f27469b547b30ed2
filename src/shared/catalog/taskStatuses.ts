// Task statuses as data: which values each query endpoint's answer may carry that the spec names (or that the
// app assumes where the spec is silent), so a value outside these is shown verbatim as "unknown status", never
// counted as running; the kinds of task lookup (12, 13, 15, 20); the longest polling limit.
import { PHOTO_SHOOT_STATUS } from './consoleTasks'
import { VIDEO_STATUSES } from './videoModels'

export type TaskQuery = 'video' | 'console-video' | 'console-image'

/**
 * Statuses each query knows. Video (12): the spec's list. Console video (15): the spec shows `succeeded` and
 * gives the same task object as 12, so its list is assumed. Console images (20): the spec shows `SUCCESS` only;
 * `RUNNING` and `FAILED` are assumed (catalog/consoleTasks.ts).
 */
export const NAMED_TASK_STATUSES: Record<TaskQuery, readonly string[]> = {
  video: VIDEO_STATUSES,
  'console-video': VIDEO_STATUSES,
  'console-image': Object.values(PHOTO_SHOOT_STATUS),
}

export function isNamedTaskStatus(query: TaskQuery, status: string): boolean {
  return NAMED_TASK_STATUSES[query].includes(status)
}

/** What "Track a task id…" can look up, each one GET of the spec. */
export const TASK_LOOKUP_KINDS = [
  'video-query',
  'video-download',
  'console-video-query',
  'console-image-query',
] as const
export type TaskLookupKind = (typeof TASK_LOOKUP_KINDS)[number]

export const TASK_LOOKUP_LABEL: Record<TaskLookupKind, string> = {
  'video-query': 'Video task: query (12)',
  'video-download': 'Video task, family A: download (13)',
  'console-video-query': 'Console video task: query (15)',
  'console-image-query': 'Console image task: photo-shoot / try-on query (20)',
}

/** Which query a lookup kind belongs to. */
export const LOOKUP_QUERY: Record<TaskLookupKind, TaskQuery> = {
  'video-query': 'video',
  'video-download': 'video',
  'console-video-query': 'console-video',
  'console-image-query': 'console-image',
}

/** The longest polling limit a user may set (the defaults per panel are in jobKinds.ts). */
export const MAX_WAIT_MINUTES = 7 * 24 * 60
