// Native content generation (`:generateContent`, `:streamGenerateContent?alt=sse`): build `contents` from a
// draft (tool results as `functionResponse` parts, images as `inlineData`) and read them back, parse a
// GenerateContentResponse and fold its chunks. Usage in chunks is a running total; the chunk with a
// finishReason completes the stream.
import type { FormatAdapter } from '../adapter'
import { FORMAT_LABELS } from '../format'
import { build } from './build'
import { parseRequest } from './request'
import { parseError } from './parse'
import { createFolder, parseResponse } from './fold'

export const native: FormatAdapter = {
  id: 'native',
  label: FORMAT_LABELS.native,
  build,
  parseResponse,
  parseRequest,
  parseError,
  createFolder,
}

export { build, nativePath } from './build'
export { NATIVE_RESPONSE_FORMAT_NAME, parseRequest } from './request'
export { parseResponse } from './fold'
