// Chat completions (`/v1/chat/completions`): build the request from a draft and read one back, parse a
// `chat.completion`, and fold `chat.completion.chunk` frames into common events. Only choice 0 is read. A
// stream is complete at `[DONE]`, or at its end when a finish_reason was seen (some servers omit `[DONE]`);
// otherwise incomplete.
import type { FormatAdapter } from '../adapter'
import { FORMAT_LABELS } from '../format'
import { build } from './build'
import { parseRequest } from './request'
import { parseResponse, parseError } from './parse'
import { createFolder } from './fold'

export const chat: FormatAdapter = {
  id: 'chat',
  label: FORMAT_LABELS.chat,
  build,
  parseResponse,
  parseRequest,
  parseError,
  createFolder,
}

export { build } from './build'
export { parseRequest } from './request'
export { parseResponse } from './parse'
