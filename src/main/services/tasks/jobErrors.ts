// The errors a job ends with when the gateway's answer is not the cause: its submit threw, or main refused it.
import { AppError } from '../../../shared/ipc/result'
import type { JobError } from '../../../shared/ipc/jobLife'

export const submitThrew = (error: unknown): JobError => ({
  stage: 'submit',
  code: error instanceof AppError ? error.code : 'SUBMIT_FAILED',
  message: error instanceof Error ? error.message : String(error),
  httpStatus: null,
})

export const localError = (code: string, message: string): JobError => ({
  stage: 'local',
  code,
  message,
  httpStatus: null,
})
