// The result every IPC call returns: handlers never throw across the boundary, they answer
// { ok: false, error } with a SCREAMING_SNAKE_CASE code, a message for people and optional details.
import { z } from 'zod'

export const ipcErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
})
export type IpcError = z.infer<typeof ipcErrorSchema>

export type Result<T> = { ok: true; value: T } | { ok: false; error: IpcError }

export const ok = <T>(value: T): Result<T> => ({ ok: true, value })
export const fail = (code: string, message: string, details?: unknown): Result<never> => ({
  ok: false,
  error: details === undefined ? { code, message } : { code, message, details },
})

/** Thrown inside main by services and handlers; the router turns it into `{ ok: false, error }`. */
export class AppError extends Error {
  readonly code: string
  readonly details: unknown
  constructor(code: string, message: string, details?: unknown) {
    super(message)
    this.name = 'AppError'
    this.code = code
    this.details = details
  }
}

/** Generic codes shared by every domain; domains add their own (`PROFILES_NOT_FOUND`, …). */
export const ErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  UNKNOWN_ROUTE: 'UNKNOWN_ROUTE',
  FORBIDDEN_SENDER: 'FORBIDDEN_SENDER',
  INTERNAL: 'INTERNAL',
  TRANSPORT: 'TRANSPORT',
} as const
