// Error bodies in each route's ErrorStyle (spec: Errors; WIRE-NOTES), for HTTP answers and mid-stream events.
// Every error the simulator sends goes through errorBody, so one style always has one shape:
// openai/responses/video `{error:{message,type,param,code}}`, messages `{type:'error',error:{type,message}}`,
// count_tokens (messages shape, but a 401 is `{error:{message,type}}`), native `{error:{code,message,status}}`,
// console `{code,msg,data:null}`.
import type { ErrorStyle, SimContext } from './types'
import { sendJson, type SseEventSpec } from './http'

const NATIVE_STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  405: 'INVALID_ARGUMENT',
  413: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  529: 'UNAVAILABLE',
}

const MESSAGES_TYPE: Record<number, string> = {
  // The spec names the 400 type `invalid_request` (real servers say invalid_request_error; SDKs key on status).
  400: 'invalid_request',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  405: 'invalid_request',
  413: 'request_too_large',
  429: 'rate_limit_error',
  // The spec's table gives both upstream_error and svc_api_error status 500; a plain 500 is the service's
  // own (fault `upstream` sends upstream_error). 503 is not in the table: the generic api_error.
  500: 'svc_api_error',
  503: 'api_error',
  529: 'overloaded_error',
}

const OPENAI_TYPE: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'invalid_request_error',
  403: 'permission_error',
  404: 'invalid_request_error',
  405: 'invalid_request_error',
  413: 'invalid_request_error',
  429: 'rate_limit_error',
  500: 'server_error',
  503: 'server_error',
  529: 'server_error',
}

const OPENAI_CODE: Record<number, string> = {
  401: 'invalid_api_key',
  404: 'model_not_found',
  429: 'rate_limit_exceeded',
  503: 'service_unavailable',
  529: 'overloaded',
}

/** The default `type` (native: `status`) for an HTTP status in a style. */
export function errorTypeFor(style: ErrorStyle, status: number): string {
  switch (style) {
    case 'native':
      return NATIVE_STATUS[status] ?? (status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT')
    case 'messages':
      return MESSAGES_TYPE[status] ?? (status >= 500 ? 'svc_api_error' : 'invalid_request')
    case 'count_tokens':
      return status === 400 || status === 401
        ? 'invalid_request_error'
        : (MESSAGES_TYPE[status] ?? 'api_error')
    case 'console':
      return String(status)
    default:
      return OPENAI_TYPE[status] ?? (status >= 500 ? 'server_error' : 'invalid_request_error')
  }
}

export interface ErrorExtra {
  /** openai-like styles: `error.param`. */
  param?: string | null
  /** openai-like styles: `error.code` (default depends on the status). */
  code?: string | null
  headers?: Record<string, string>
}

/** The JSON body of an error in a style. `type` is the style's type (native: the status string). */
export function errorBody(
  style: ErrorStyle,
  status: number,
  type: string,
  message: string,
  extra: ErrorExtra = {},
): unknown {
  switch (style) {
    case 'messages':
      return { type: 'error', error: { type, message } }
    case 'count_tokens':
      return status === 401 ? { error: { message, type } } : { type: 'error', error: { type, message } }
    case 'native':
      return { error: { code: status, message, status: type } }
    case 'console':
      return { code: status, msg: message, data: null }
    default: {
      const code = extra.code === undefined ? (OPENAI_CODE[status] ?? null) : extra.code
      return { error: { message, type, param: extra.param ?? null, code } }
    }
  }
}

/** Answers an error in the route's style (status, JSON body, optional headers). */
export function sendError(
  ctx: SimContext,
  status: number,
  style: ErrorStyle,
  type: string,
  message: string,
  extra: ErrorExtra = {},
): void {
  sendJson(ctx, status, errorBody(style, status, type, message, extra), extra.headers)
}

/**
 * The mid-stream error event of a style (R2): chat `data: {"error":…}`, messages `event: error`,
 * native `data: {"error":…}`. The responses format needs its sequence numbers and builds its own.
 */
export function streamErrorEvents(style: ErrorStyle, message: string): SseEventSpec[] {
  switch (style) {
    case 'messages':
    case 'count_tokens':
      return [{ name: 'error', data: { type: 'error', error: { type: 'overloaded_error', message } } }]
    case 'native':
      return [{ name: undefined, data: errorBody('native', 500, 'INTERNAL', message) }]
    default:
      return [
        {
          name: undefined,
          data: errorBody('openai', 500, 'server_error', message, { code: 'server_error' }),
        },
      ]
  }
}
