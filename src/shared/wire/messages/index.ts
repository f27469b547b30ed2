// Messages (`/v1/messages`, `/v1/messages/count_tokens`): build content blocks from a draft (tool results
// as `tool_result` blocks in a user turn, images as base64 sources, signed thinking replayed) and read them
// back, parse a `message`, and fold the block event stream. Only `message_stop` completes a stream;
// `event: error` ends it as an error.
import type { FormatAdapter } from '../adapter'
import { FORMAT_LABELS } from '../format'
import { build } from './build'
import { parseRequest } from './request'
import { parseResponse, parseError } from './parse'
import { createFolder } from './fold'

export const messages: FormatAdapter = {
  id: 'messages',
  label: FORMAT_LABELS.messages,
  build,
  parseResponse,
  parseRequest,
  parseError,
  createFolder,
}

export {
  RESPONSE_FORMAT_DESCRIPTION,
  build,
  buildCountTokens,
  parseCountTokens,
} from './build'
export { parseRequest } from './request'
export { parseResponse } from './parse'
