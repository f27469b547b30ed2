// The life-cycle fields a new job record starts with, whatever its kind: a job about to be sent (status
// `submitting`, no task id) or a task adopted by its id (status `submitted`, the id known, `adopted` set).
// Invariant: a domain adds only its own fields; the life fields are spelled here once.
import { randomUUID } from 'node:crypto'
import type { ResolvedProfile } from '../profiles'
import type { TaskRecord } from './types'

export type RecordLife = Omit<TaskRecord, 'task'>

/** A job the app is about to send. */
export function newLife(profile: ResolvedProfile, now: number): RecordLife {
  return {
    id: randomUUID(),
    profileId: profile.id,
    profileName: profile.name,
    taskId: null,
    status: 'submitting',
    remoteStatus: null,
    createdAt: now,
    submittedAt: null,
    finishedAt: null,
    updatedAt: now,
    polls: 0,
    error: null,
    resultFetches: 0,
    resultAttempts: 0,
  }
}

/** A task submitted elsewhere, followed from now on. */
export function adoptedLife(
  profile: ResolvedProfile,
  taskId: string,
  remoteStatus: string | null,
  now: number,
): RecordLife {
  return { ...newLife(profile, now), adopted: true, taskId, status: 'submitted', remoteStatus, submittedAt: now }
}
