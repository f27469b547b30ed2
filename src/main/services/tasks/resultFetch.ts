// A job's hosted result (a video or an image at a third party's URL) fetched to a temp file while the exchange is
// recorded like a gateway call, so the Inspector's "result" slot shows every attempt's status line and headers,
// the error if it failed, and a one-line summary of the bytes instead of the body. Video and image jobs share it,
// and with it the rule of where a result may come from (the profile's result URL policy, S10) and its size bound:
// no job fetches a URL a gateway names any other way.
import { rm } from 'node:fs/promises'
import { ExchangeRecorder } from '../exchangeRecorder'
import { describeRoute } from '../gateway'
import { describeError } from './answers'
import { fetchToFile, type FetchFileResult } from './fetchToFile'
import type { Connect } from '../network/httpCall'
import { ResultUrlPolicy } from '../network/resultUrlPolicy'
import type { ResolvedProfile } from '../profiles'
import type { StepContext } from './types'

export interface ResultFetchOptions {
  tempPath: string
  /** The job's profile's connections (its proxy and trust). */
  connect: Connect
  /** The most bytes kept (the kind's bound from Settings). */
  maxBytes: number
  /** What the result is, for messages ("video", "image"). */
  label: string
  maxConnections: number
  idleTimeoutMs: number
  userAgent?: string
}

/** Streams `url` to `tempPath` (removed again on failure); the exchange is kept in the job's result slot. */
export async function fetchResultRecorded(
  url: string,
  ctx: Pick<StepContext, 'signal' | 'progress' | 'keepExchange'> & { profile: ResolvedProfile },
  options: ResultFetchOptions,
): Promise<FetchFileResult> {
  const record = new ExchangeRecorder()
  record.recordRequest('GET', url, {}, null)
  try {
    const got = await fetchToFile(url, {
      ...options,
      policy: new ResultUrlPolicy({
        origins: [ctx.profile.baseUrl, ctx.profile.consoleBaseUrl],
        allowedHosts: ctx.profile.resultHosts,
      }),
      signal: ctx.signal,
      onProgress: (bytes, total) => ctx.progress(bytes, total),
      onResponse: (res, headers) => {
        record.attempts++
        // Each hop is its own answer (redirects are followed one by one, each checked).
        record.recordRequest('GET', res.url, headers, null)
        record.recordResponse(res.status, res.statusText, res.headers)
        record.recordRoute(describeRoute(res.route))
      },
    })
    record.recordBodyChunk(
      `<${got.bytes} bytes of ${got.mimeType} streamed to a file; ${got.resumes} Range resume(s)>`,
    )
    return got
  } catch (error) {
    await rm(options.tempPath, { force: true })
    record.recordError(describeError(error))
    throw error
  } finally {
    record.finish()
    ctx.keepExchange('result', record.snapshot())
  }
}
