// The text endpoints of the spec (1–6): chat completions, responses, messages, count_tokens and native
// generateContent / streamGenerateContent on both `/v1beta` and `/v1` (the SDK majors differ).
import type { SimRoute } from '../types'
import { textRoute } from './route'
import { handleChat } from './chat'
import { handleResponses } from './responses'
import { handleCountTokens, handleMessages } from './messages'
import { handleGenerate, handleStreamGenerate } from './native'

export const textRoutes: SimRoute[] = [
  textRoute(/^\/v1\/chat\/completions\/?$/, 'openai', 'model', handleChat),
  textRoute(/^\/v1\/responses\/?$/, 'responses', 'model', handleResponses),
  textRoute(/^\/v1\/messages\/?$/, 'messages', 'model', handleMessages),
  textRoute(/^\/v1\/messages\/count_tokens\/?$/, 'count_tokens', 'model', handleCountTokens),
  textRoute(
    /^\/(?<version>v1beta|v1)\/models\/(?<model>[^/:]+):generateContent$/,
    'native',
    'native',
    handleGenerate,
  ),
  textRoute(
    /^\/(?<version>v1beta|v1)\/models\/(?<model>[^/:]+):streamGenerateContent$/,
    'native',
    'native',
    handleStreamGenerate,
  ),
]
