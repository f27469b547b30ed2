// The request a load test sends for one target and prompt, built by the same wire code as the Text and Embeddings
// panels (so it is the request a user would send there), and the prompt text with the simulator's length trigger.
import { formats, type Draft, type DraftMessage } from '../wire'
import { buildEmbed } from '../embed/requests'
import { isTextFormat, type LoadTarget } from './plan'

export interface LoadRequest {
  kind: 'model' | 'native'
  method: 'POST'
  path: string
  headers: Record<string, string>
  body: Record<string, unknown>
}

/** What one request asks: a prompt's messages (a saved case's, or one user message), output length. */
export interface LoadPrompt {
  /** The user text (for synthetic and file prompts), used by embeddings and counted by the tokenizer. */
  text: string
  /** A saved case's messages (and system prompt) when the prompt is a case. */
  messages?: DraftMessage[]
  system?: string
}

/** The user text with the simulator's trigger for an answer of about n tokens. */
export function withSimTokens(text: string, tokens: number): string {
  return `${text}\nsim:tokens=${tokens}`
}

export function buildLoadRequest(target: LoadTarget, prompt: LoadPrompt, maxTokens: number): LoadRequest {
  if (isTextFormat(target.format)) {
    const draft: Draft = {
      model: target.model,
      stream: target.stream,
      maxTokens,
      ...(prompt.system ? { system: prompt.system } : {}),
      messages: prompt.messages ?? [{ role: 'user', parts: [{ type: 'text', text: prompt.text }] }],
    }
    const built = formats[target.format].build(draft)
    return {
      kind: target.format === 'native' ? 'native' : 'model',
      method: 'POST',
      path: built.path,
      headers: built.headers,
      body: built.body,
    }
  }
  const built = buildEmbed({
    format: target.format,
    model: target.model,
    inputs: [{ label: '', text: prompt.text }],
    encoding: 'float',
    dimensions: '',
    taskType: '',
    apiVersion: 'v1beta',
  })
  return {
    kind: built.kind,
    method: 'POST',
    path: built.path,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: built.body,
  }
}
