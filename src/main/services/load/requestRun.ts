// One request of a load test through the profile's gateway client (its headers, auth and network path), never
// retried, timed as the metrics define it: `sentAt` as the HTTP client writes it (`handedAt` as it is handed to the
// client: the difference is the time it waited in the client), each output frame stamped
// when the read that brought it resolved (before any parsing), `endAt` at the last byte. The hot path does only
// what timing needs (SSE split, the format's fold, a push of the time); the output's pieces are handed back, and
// their token counts (`countOutputTokens`) and the exchange's snapshot are worked out later, in the run's batch.
import { formats, type WireFormat } from '../../../shared/wire'
import { classifyStatus, type ErrorClass, type RecordedRequest } from '../../../shared/load/metrics'
import type { LoadRequest } from '../../../shared/load/requests'
import { GatewayError, type GatewayClient } from '../gateway'
import type { ExchangeRecorder } from '../exchangeRecorder'
import type { ResolvedProfile } from '../profiles'
import { sendRequest } from '../sendRequest'
import { createSseReader } from '../text/sseReader'
import type { Usage } from '../../../shared/wire/events'

export interface RequestContext {
  gateway: GatewayClient
  profile: ResolvedProfile
  /** performance.now() at the run's start: every time recorded is relative to it. */
  t0: number
}

export interface RequestJob {
  index: number
  step: number
  warmup: boolean
  format: WireFormat | 'embeddings' | 'embedContent' | 'batchEmbedContents'
  stream: boolean
  request: LoadRequest
  /** `request.body` as JSON, made once per prompt by the caller: sent as is. */
  bodyText: string
  promptTokens: number
  timeoutMs: number
  /** The user's stop. */
  stop: AbortSignal
}

export interface RequestOutcome {
  /** Its token counts are not filled yet: see `countOutputTokens`. */
  record: RecordedRequest
  exchange: ExchangeRecorder | null
  /** The output of each frame that carried some (streams), or the whole answer's. */
  deltas: string[]
  /** The last usage the answer reported (its cost is worked out when the run settles it). */
  usage: Usage | null
}

/** Fills a record's token counts from its output's pieces (the local tokenizer), once the request has ended. */
export function countOutputTokens(
  record: RecordedRequest,
  deltas: readonly string[],
  countTokens: (text: string) => number,
): void {
  record.contentTokens = deltas.map((d) => Math.max(1, countTokens(d)))
  record.tokenizerOutput = countTokens(deltas.join(''))
}

const OUTPUT_EVENTS = new Set(['text', 'reasoning', 'refusal', 'toolCallDelta'])

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

export async function runLoadRequest(ctx: RequestContext, job: RequestJob): Promise<RequestOutcome> {
  const now = () => performance.now() - ctx.t0
  // One controller for the user's stop and our timeout (cheaper per request than AbortSignal.any).
  const timedOut = new AbortController()
  const aborter = new AbortController()
  const onStop = () => aborter.abort(job.stop.reason)
  const timer = setTimeout(() => {
    timedOut.abort()
    aborter.abort(timedOut.signal.reason)
  }, job.timeoutMs)
  if (job.stop.aborted) onStop()
  else job.stop.addEventListener('abort', onStop, { once: true })
  const signal = aborter.signal
  const contentAt: number[] = []
  const deltas: string[] = []
  const got: { usage: Usage | null } = { usage: null }
  const record: RecordedRequest = {
    index: job.index,
    step: job.step,
    warmup: job.warmup,
    stream: job.stream,
    handedAt: 0,
    sentAt: 0,
    headersAt: null,
    contentAt,
    contentTokens: [],
    endAt: 0,
    usageOutput: null,
    usageInput: null,
    tokenizerOutput: 0,
    promptTokens: job.promptTokens,
    httpStatus: null,
    error: null,
    message: null,
  }
  const fail = (error: ErrorClass | 'stopped', message: string) => {
    record.error = error
    record.message = message
  }
  /** Why a read or a send stopped early: the user's stop, our timeout, or the network. */
  const abortReason = (fallback: ErrorClass, message: string) => {
    if (job.stop.aborted) fail('stopped', 'Stopped by the user.')
    else if (timedOut.signal.aborted) fail('timeout', `No complete answer within ${job.timeoutMs / 1000} s.`)
    else fail(fallback, message)
  }
  let exchange: ExchangeRecorder | null = null
  const isText =
    job.format !== 'embeddings' && job.format !== 'embedContent' && job.format !== 'batchEmbedContents'
  try {
    // Until the client writes it (never, when it fails or is stopped first), sent counts from the hand-off.
    record.handedAt = record.sentAt = now()
    const res = await sendRequest(ctx.gateway, ctx.profile, job.request, {
      rawBody: job.bodyText,
      stream: job.stream,
      signal,
      maxRetries: 0,
      onWrite: () => {
        record.sentAt = now()
      },
    })
    record.headersAt = now()
    exchange = res.exchange
    record.httpStatus = res.status
    if (!res.ok) {
      record.endAt = now()
      const raw = res.exchange.rawBody()
      const parsed = isText ? formats[job.format as WireFormat].parseError(safeJson(raw), res.status) : null
      fail(classifyStatus(res.status) ?? '4xx', `${res.status}: ${parsed?.message ?? raw.slice(0, 500)}`)
    } else if (job.stream && res.body) {
      await readStream(
        res.body,
        job.format as WireFormat,
        res.exchange,
        record,
        { deltas, got },
        now,
        abortReason,
      )
      res.exchange.finish()
    } else {
      record.endAt = now()
      got.usage = readWhole(res.exchange.rawBody(), job, record, deltas)
    }
  } catch (error) {
    record.endAt = now()
    if (error instanceof GatewayError) {
      exchange = error.exchange
      if (error.code === 'GATEWAY_TIMEOUT') fail('timeout', error.message)
      else abortReason('network', error.message)
    } else abortReason('network', error instanceof Error ? error.message : String(error))
  } finally {
    clearTimeout(timer)
    job.stop.removeEventListener('abort', onStop)
  }
  return { record, exchange, deltas, usage: got.usage }
}

async function readStream(
  body: ReadableStream<Uint8Array>,
  format: WireFormat,
  exchange: ExchangeRecorder,
  record: RecordedRequest,
  { deltas, got }: { deltas: string[]; got: { usage: Usage | null } },
  now: () => number,
  abortReason: (fallback: ErrorClass, message: string) => void,
): Promise<void> {
  const folder = formats[format].createFolder()
  let readAt = 0
  // An object, not a `let`: the fold callback sets it, and the checks after the loop must see that.
  const state: { terminal: 'done' | ErrorClass | null } = { terminal: null }
  const onEvents = (events: ReturnType<typeof folder.push>) => {
    let output = ''
    let carried = false
    for (const e of events) {
      if (OUTPUT_EVENTS.has(e.type)) {
        const piece = e.type === 'toolCallDelta' ? e.argumentsDelta : (e as { delta: string }).delta
        if (piece) {
          output += piece
          carried = true
        }
      } else if (e.type === 'usage') {
        got.usage = e.usage
        if (e.usage.output !== undefined && e.usage.output > 0) record.usageOutput = e.usage.output
        if (e.usage.input !== undefined && e.usage.input > 0) record.usageInput = e.usage.input
      } else if (e.type === 'finish') state.terminal ??= 'done'
      else if (e.type === 'error') {
        state.terminal = 'midStream'
        record.message = e.message
      } else if (e.type === 'incomplete' && state.terminal === null) {
        state.terminal = 'incomplete'
        record.message = e.message
      }
    }
    if (carried) {
      record.contentAt.push(readAt)
      deltas.push(output)
    }
  }
  const sse = createSseReader((frame) => {
    exchange.recordFrame(frame)
    onEvents(folder.push(frame))
  })
  const reader = body.getReader()
  let lastDataAt = 0
  try {
    // Read to the body's end (not only to the terminal event), so the connection is reused, as a client does.
    for (;;) {
      const { done, value } = await reader.read()
      readAt = now()
      if (done) break
      lastDataAt = readAt
      if (!folder.closed) sse.push(value)
    }
    sse.end()
    onEvents(folder.end())
    record.endAt = lastDataAt || readAt
  } catch (error) {
    record.endAt = now()
    const why = error instanceof Error ? error.message : String(error)
    exchange.recordError(why)
    // A stream cut after its headers is incomplete (R3), unless a mid-stream error came first.
    if (state.terminal === 'midStream') record.error = 'midStream'
    else abortReason('incomplete', `The stream broke before its terminal event: ${why}`)
    await reader.cancel().catch(() => undefined)
    return
  }
  if (state.terminal === 'midStream') record.error = 'midStream'
  else if (state.terminal === 'incomplete' || state.terminal === null) {
    record.error = 'incomplete'
    record.message ??= 'The stream closed before its terminal event.'
  }
}

/** Reads a whole answer's output and token counts; answers the usage it reported (text formats). */
function readWhole(raw: string, job: RequestJob, record: RecordedRequest, deltas: string[]): Usage | null {
  const json = safeJson(raw)
  if (job.format === 'embeddings' || job.format === 'embedContent' || job.format === 'batchEmbedContents') {
    const usage = (json as { usage?: { prompt_tokens?: unknown } } | null)?.usage
    if (typeof usage?.prompt_tokens === 'number' && usage.prompt_tokens > 0)
      record.usageInput = usage.prompt_tokens
    return null
  }
  try {
    const completion = formats[job.format].parseResponse(json)
    const text = [
      completion.reasoning,
      completion.text,
      ...completion.toolCalls.map((c) => c.arguments),
    ].join('')
    if (text) deltas.push(text)
    if (completion.usage?.output) record.usageOutput = completion.usage.output
    if (completion.usage?.input) record.usageInput = completion.usage.input
    return completion.usage ?? null
  } catch (error) {
    record.error = 'incomplete'
    record.message = `The answer could not be read: ${(error as Error).message}`
    return null
  }
}
