// Responses (`/v1/responses`): build `input` items from a draft and read them back, parse a `response`
// object, and fold the typed event stream into common events. Terminal events are `response.completed`,
// `response.incomplete` and `response.failed`; an `error` event ends the stream as an error; everything
// after a terminal is ignored.
import type { FormatAdapter } from '../adapter'
import { FORMAT_LABELS } from '../format'
import { build } from './build'
import { parseRequest } from './request'
import { parseResponse, parseError } from './parse'
import { createFolder } from './fold'

export const responses: FormatAdapter = {
  id: 'responses',
  label: FORMAT_LABELS.responses,
  build,
  parseResponse,
  parseRequest,
  parseError,
  createFolder,
}

export { build } from './build'
export { parseRequest } from './request'
export { parseResponse } from './parse'
