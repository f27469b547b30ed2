// One embeddings call over HTTP: the draft checked, the request sent through the gateway client, and the
// response read element by element into vectors as it arrives. Invariant: every call ends as an outcome
// (done, stopped, or failed with the gateway's own message), never as a stray exception; the read yields
// between chunks so a 60 MB body never blocks main.
import type { GatewayClient } from '../gateway'
import { GatewayError, responseText } from '../gateway'
import type { ResolvedProfile } from '../profiles'
import type { ExchangeRecorder } from '../exchangeRecorder'
import { AppError } from '../../../shared/ipc/result'
import type { Exchange } from '../../../shared/ipc/exchange'
import type { EmbedFailure } from '../../../shared/ipc/embeddings'
import { errorTextOf } from '../../../shared/wire/errorText'
import {
  buildEmbed,
  errorMessageOf,
  hasErrors,
  validateEmbed,
  type DraftIssue,
  type EmbedDraft,
} from '../../../shared/embed/requests'
import { ArrayElementReader } from './responseReader'
import { createPacer, decodeBase64Float32 } from './vectorMath'
import { sendRequest } from '../sendRequest'

/** Characters of a response body kept for the Inspector; the vectors themselves are summarised in the panel. */
const RECORDED_BODY_CHARS = 256 * 1024

export interface Vectors {
  vectors: Float32Array[]
  usage: { promptTokens: number | null; totalTokens: number | null }
  exchange: ExchangeRecorder
  totalMs: number
}

/** A call that ended with a failure the user should read; carries the exchange when there was one. */
export class CallFailed extends Error {
  constructor(
    readonly failure: EmbedFailure,
    readonly exchange: ExchangeRecorder | null,
  ) {
    super(failure.message)
  }
}

class CallStopped extends Error {
  constructor(readonly exchange: ExchangeRecorder | null) {
    super('stopped')
  }
}

export type Ended =
  | { status: 'stopped'; exchange: Exchange | null }
  | { status: 'failed'; error: EmbedFailure; exchange: Exchange | null }

/** The calls under way by request id, each with its stop handle. */
export class CallGuard {
  private readonly calls = new Map<string, AbortController>()

  stop(requestId: string): { stopped: boolean } {
    const c = this.calls.get(requestId)
    if (!c) return { stopped: false }
    c.abort()
    return { stopped: true }
  }

  /** Runs `work` with a stop handle; failures and stops become outcomes instead of exceptions. */
  async run<T>(requestId: string, work: (signal: AbortSignal) => Promise<T>): Promise<T | Ended> {
    const controller = new AbortController()
    this.calls.set(requestId, controller)
    try {
      return await work(controller.signal)
    } catch (error) {
      if (error instanceof CallStopped)
        return { status: 'stopped', exchange: error.exchange?.snapshot() ?? null }
      if (error instanceof CallFailed)
        return { status: 'failed', error: error.failure, exchange: error.exchange?.snapshot() ?? null }
      if (error instanceof GatewayError) {
        if (error.code === 'GATEWAY_ABORTED')
          return { status: 'stopped', exchange: error.exchange.snapshot() }
        return {
          status: 'failed',
          error: { code: error.code, httpStatus: null, message: error.message },
          exchange: error.exchange.snapshot(),
        }
      }
      if (error instanceof AppError)
        return {
          status: 'failed',
          error: { code: error.code, httpStatus: null, message: error.message },
          exchange: null,
        }
      throw error
    } finally {
      this.calls.delete(requestId)
    }
  }
}

const num = (v: unknown): number | null => (typeof v === 'number' ? v : null)

export function issuesFailure(issues: DraftIssue[]): CallFailed {
  const errors = issues.filter((i) => i.severity === 'error')
  return new CallFailed(
    {
      code: 'EMBED_INVALID_DRAFT',
      httpStatus: null,
      message: errors.map((i) => `${i.field}: ${i.message}`).join(' '),
    },
    null,
  )
}

export function httpFailure(status: number, text: string, exchange: ExchangeRecorder): CallFailed {
  let message: string | null = null
  try {
    message = errorMessageOf(JSON.parse(text))
  } catch {
    // Plain text or an HTML page: its words, bounded (the whole body is in the exchange).
    message = errorTextOf(text) ?? null
  }
  const hint =
    status === 401 ? ' Check the API key in Settings.' : status === 429 ? ' Rate limited: retry later.' : ''
  return new CallFailed(
    {
      code: 'EMBED_HTTP_ERROR',
      httpStatus: status,
      message: `The gateway answered ${status}: ${message ?? (errorTextOf(text) || 'an empty body')}.${hint}`,
    },
    exchange,
  )
}

function toVector(value: unknown, at: string): Float32Array {
  if (typeof value === 'string') return decodeBase64Float32(value)
  if (Array.isArray(value) && value.every((x) => typeof x === 'number'))
    return Float32Array.from(value as number[])
  throw new Error(`${at} is neither an array of numbers nor a base64 string`)
}

function checkRawBody(rawBody: string): void {
  try {
    JSON.parse(rawBody)
  } catch (error) {
    throw new CallFailed(
      {
        code: 'EMBED_INVALID_JSON',
        httpStatus: null,
        message: `request body: not valid JSON (${(error as Error).message}).`,
      },
      null,
    )
  }
}

/** Sends the draft (or the hand-edited body) and returns its vectors in input order, all of one length. */
export async function fetchVectors(
  gateway: GatewayClient,
  profile: ResolvedProfile,
  draft: EmbedDraft,
  rawBody: string | undefined,
  signal: AbortSignal,
): Promise<Vectors> {
  if (rawBody === undefined) {
    const issues = validateEmbed(draft)
    if (hasErrors(issues)) throw issuesFailure(issues)
  } else checkRawBody(rawBody)
  const built = buildEmbed(draft)
  const t0 = performance.now()
  const res = await sendRequest(gateway, profile, built, { rawBody, stream: true, json: true, signal })
  const exchange = res.exchange
  if (!res.ok || !res.body) throw httpFailure(res.status, responseText(res), exchange)

  const vectors: Float32Array[] = []
  const arrayKey =
    draft.format === 'embeddings' ? 'data' : draft.format === 'batchEmbedContents' ? 'embeddings' : null
  const reader = new ArrayElementReader(arrayKey ? [arrayKey] : [], (value, i) => {
    const item = value as { index?: unknown; embedding?: unknown; values?: unknown }
    if (arrayKey === 'data')
      vectors[typeof item.index === 'number' ? item.index : i] = toVector(
        item.embedding,
        `data[${i}].embedding`,
      )
    else vectors[i] = toVector(item.values, `embeddings[${i}].values`)
  })
  const decoder = new TextDecoder()
  let recorded = 0
  const pace = createPacer()
  let top: Record<string, unknown>
  try {
    const body = res.body.getReader()
    for (;;) {
      const { done, value } = await body.read()
      if (done) break
      if (recorded < RECORDED_BODY_CHARS) {
        const text = decoder.decode(value, { stream: true })
        exchange.recordBodyChunk(text)
        recorded += text.length
      }
      reader.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength))
      await pace()
    }
    top = reader.end()
  } catch (error) {
    exchange.recordError(signal.aborted ? 'stopped by the user' : String((error as Error).message))
    exchange.finish()
    if (signal.aborted) throw new CallStopped(exchange)
    throw new CallFailed(
      {
        code: 'EMBED_BAD_RESPONSE',
        httpStatus: res.status,
        message: `The response could not be read: ${(error as Error).message}`,
      },
      exchange,
    )
  }
  exchange.finish()
  const totalMs = performance.now() - t0
  const fail = (message: string) =>
    new CallFailed({ code: 'EMBED_BAD_RESPONSE', httpStatus: res.status, message }, exchange)
  if (draft.format === 'embedContent') {
    const values = (top.embedding as { values?: unknown } | undefined)?.values
    try {
      vectors.push(toVector(values, 'embedding.values'))
    } catch (error) {
      throw fail((error as Error).message)
    }
  }
  const expected = rawBody !== undefined ? vectors.length : draft.inputs.length
  if (vectors.length !== expected || vectors.some((v) => v === undefined))
    throw fail(`Expected ${expected} vectors, the response held ${vectors.filter(Boolean).length}.`)
  const dims = vectors[0]?.length ?? 0
  if (vectors.some((v) => v.length !== dims)) throw fail('The vectors in the response differ in length.')
  const usage = (top.usage ??
    (top.metadata as { usage?: unknown } | undefined)?.usage ??
    top.usageMetadata) as Record<string, unknown> | undefined
  return {
    vectors,
    usage: {
      promptTokens: num(usage?.prompt_tokens ?? usage?.promptTokenCount),
      totalTokens: num(usage?.total_tokens ?? usage?.totalTokenCount),
    },
    exchange,
    totalMs,
  }
}
