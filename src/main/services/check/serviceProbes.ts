// The probes beyond text: embeddings (both formats and batch: count, order, dimensions, base64 equal to float),
// rerank (order, scores, top_n, documents) and the paid ones, one video job per family and one console image
// task, each submitted once and polled (never resubmitted: a second paid call needs the user to ask).
import { buildEmbed, buildRerank } from '../../../shared/embed/requests'
import { embeddingModel } from '../../../shared/catalog/embeddingModels'
import { findVideoModel } from '../../../shared/catalog/videoModels'
import { consolePath } from '../../../shared/catalog/consoleTasks'
import { buildVideoBody } from '../../../shared/video/build'
import { videoBill } from '../../../shared/video/bill'
import { arr, num, obj, parseJson, str } from '../../../shared/wire/read'
import {
  IMAGE_PROBE_BODY,
  videoProbeForm,
  type EmbedProbe,
  type RerankProbe,
} from '../../../shared/check/serviceProbeDefs'
import { usageOf } from '../../../shared/check/conformance'
import type { ResolvedProfile } from '../profiles'
import {
  MAX_DOWNLOAD_BODY_BYTES,
  sendProbe,
  type ProbeAnswer,
  type ProbeHttpOptions,
  type ProbeRequest,
} from './probeHttp'
import { judgeAnswer, outcome, type ProbeOutcome } from './judge'
import { VIDEO_SUBMIT_PATH, videoDownloadPath, videoQueryPath } from '../video/requests'

type Send = (req: ProbeRequest) => Promise<ProbeAnswer>

function sender(profile: ResolvedProfile, http: ProbeHttpOptions, answers: ProbeAnswer[]): Send {
  return async (req) => {
    const a = await sendProbe(profile, req, http)
    answers.push(a)
    return a
  }
}

/** Vectors of an embeddings answer in either format; base64 decoded as little-endian float32. */
export function vectorsOf(body: unknown): number[][] {
  const o = obj(body)
  if (!o) return []
  if (Array.isArray(o.data))
    return o.data.map((d) => {
      const e = obj(d)?.embedding
      if (typeof e === 'string') {
        const bytes = Buffer.from(e, 'base64')
        const out: number[] = []
        for (let i = 0; i + 4 <= bytes.length; i += 4) out.push(bytes.readFloatLE(i))
        return out
      }
      return arr(e).map((n) => Number(n))
    })
  if (obj(o.embedding)) return [arr(obj(o.embedding)!.values).map(Number)]
  if (Array.isArray(o.embeddings)) return o.embeddings.map((e) => arr(obj(e)?.values).map(Number))
  return []
}

export async function runEmbedProbe(
  profile: ResolvedProfile,
  probe: EmbedProbe,
  model: string,
  http: ProbeHttpOptions,
): Promise<ProbeOutcome> {
  const answers: ProbeAnswer[] = []
  const send = sender(profile, http, answers)
  const draft = probe.draft(model)
  const wire = probe.format === 'native' ? 'nativeEmbed' : 'embeddings'
  const call = (d: typeof draft) => {
    const built = buildEmbed(d)
    return send({ kind: built.kind, wire, method: 'POST', path: built.path, body: built.body, stream: false })
  }
  const a = await call(draft)
  const bad = judgeAnswer(a, answers)
  if (bad) return bad
  const deviations = probe.usage && !usageOf(a.exchange) ? ['usage missing from the response'] : []
  const vectors = vectorsOf(parseJson(a.exchange.body))
  const timing = { ttftMs: a.firstByteMs, tokensPerSecond: null }
  if (probe.expect.kind === 'base64EqualsFloat') {
    const f = await call({ ...draft, encoding: 'float' })
    const bad2 = judgeAnswer(f, answers)
    if (bad2) return bad2
    const floats = vectorsOf(parseJson(f.exchange.body))
    const worst = Math.max(
      0,
      ...floats.flatMap((v, i) => v.map((x, j) => Math.abs(x - (vectors[i]?.[j] ?? Infinity)))),
    )
    const same =
      floats.length === vectors.length &&
      floats.length > 0 &&
      floats.every((v, i) => v.length === vectors[i]!.length)
    if (!same || worst > 1e-6 * 4)
      deviations.push(`base64 vectors differ from float ones (largest difference ${worst.toPrecision(3)})`)
    return {
      ...outcome(
        deviations.length ? 'deviating' : 'supported',
        `${vectors.length} base64 vectors equal the float ones`,
        answers,
        undefined,
        deviations,
      ),
      ...timing,
    }
  }
  const want =
    probe.expect.dimensions === 'catalog'
      ? embeddingModel(model, probe.format).dimensions
      : probe.expect.dimensions
  if (vectors.length !== probe.expect.count)
    deviations.push(`${vectors.length} vectors for ${probe.expect.count} inputs`)
  const sizes = [...new Set(vectors.map((v) => v.length))]
  if (sizes.some((s) => s !== want)) {
    // A shorter vector than asked is the gateway ignoring `dimensions`: a capability, not a wire deviation.
    if (probe.expect.dimensions !== 'catalog')
      return {
        ...outcome(
          deviations.length ? 'deviating' : 'refused',
          `asked for ${want} dimensions, got ${sizes.join(', ')}`,
          answers,
          undefined,
          deviations,
        ),
        ...timing,
      }
    deviations.push(`vectors of ${sizes.join(', ')} dimensions where the catalog says ${want}`)
  }
  return {
    ...outcome(
      deviations.length ? 'deviating' : 'supported',
      `${vectors.length} × ${sizes.join(', ')}`,
      answers,
      undefined,
      deviations,
    ),
    ...timing,
  }
}

export async function runRerankProbe(
  profile: ResolvedProfile,
  probe: RerankProbe,
  model: string,
  http: ProbeHttpOptions,
): Promise<ProbeOutcome> {
  const answers: ProbeAnswer[] = []
  const draft = probe.draft(model)
  const built = buildRerank(draft)
  const a = await sender(
    profile,
    http,
    answers,
  )({ kind: 'model', wire: 'rerank', method: 'POST', path: built.path, body: built.body, stream: false })
  const bad = judgeAnswer(a, answers)
  if (bad) return bad
  const deviations = probe.usage && !usageOf(a.exchange) ? ['usage missing from the response'] : []
  const results = arr(obj(parseJson(a.exchange.body))?.results).map((r) => obj(r) ?? {})
  const scores = results.map((r) => num(r.relevance_score))
  const topN = Number(draft.topN)
  if (results.length !== topN) deviations.push(`${results.length} results for top_n ${topN}`)
  if (scores.some((s) => s === undefined || s < 0 || s > 1)) deviations.push('a relevance_score outside 0–1')
  if (scores.some((s, i) => i > 0 && (s ?? 0) > (scores[i - 1] ?? 0)))
    deviations.push('results not sorted by relevance_score, highest first')
  const indexes = results.map((r) => r.index)
  if (
    indexes.some(
      (i) => !Number.isInteger(i) || (i as number) < 0 || (i as number) >= draft.documents.length,
    ) ||
    new Set(indexes).size !== indexes.length
  )
    deviations.push('an index that is not an original document position')
  if (
    results.some(
      (r, i) => typeof r.document !== 'string' && typeof obj(r.document)?.text !== 'string' && i >= 0,
    )
  )
    deviations.push('document missing although return_documents was true')
  const order = indexes.join(', ')
  return {
    ...outcome(
      deviations.length ? 'deviating' : 'supported',
      `top ${results.length}: documents ${order}`,
      answers,
      undefined,
      deviations,
    ),
    ttftMs: a.firstByteMs,
    tokensPerSecond: null,
  }
}

export interface PaidOptions extends ProbeHttpOptions {
  /** Wait between polls (the spec recommends 3–5 s). */
  pollMs: number
  /** Give up polling after this long; the job is left running at the gateway, and the cell says so. */
  maxWaitMs: number
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true })
  })

export async function runVideoProbe(
  profile: ResolvedProfile,
  model: string,
  options: PaidOptions,
): Promise<ProbeOutcome> {
  const answers: ProbeAnswer[] = []
  const send = sender(profile, options, answers)
  const info = findVideoModel(model)
  if (!info) return outcome('skipped', `${model} is not a video model of the catalog`, answers)
  const form = videoProbeForm(info)
  const submit = await send({
    kind: 'model',
    wire: 'video',
    method: 'POST',
    path: VIDEO_SUBMIT_PATH,
    body: buildVideoBody(info, form),
    stream: false,
  })
  const bad = judgeAnswer(submit, answers)
  if (bad) return bad
  const deviations: string[] = []
  const s = obj(parseJson(submit.exchange.body)) ?? {}
  const taskId = str(s.task_id)
  if (!taskId)
    return outcome('deviating', 'no task_id in the submit answer', answers, undefined, [
      'task_id missing from the submit answer',
    ])
  if (s.status !== 'submitted') deviations.push(`submit status "${String(s.status)}", not submitted`)
  if (info.family === 'A' && !taskId.startsWith('video_'))
    deviations.push(`family A task_id ${taskId} does not begin with video_`)
  const started = performance.now()
  for (;;) {
    if (options.signal.aborted)
      return outcome(
        'stopped',
        `stopped while polling ${taskId} (the job goes on at the gateway)`,
        answers,
        undefined,
        deviations,
      )
    const q = await send({
      kind: 'model',
      wire: 'video',
      method: 'GET',
      path: videoQueryPath(taskId),
      stream: false,
    })
    const badQ = judgeAnswer(q, answers)
    if (badQ)
      return {
        ...badQ,
        detail: `polling ${taskId}: ${badQ.detail}`,
        deviations: [...deviations, ...badQ.deviations],
      }
    const t = obj(parseJson(q.exchange.body)) ?? {}
    const status = str(t.status)
    if (!['queued', 'in_progress', 'succeeded', 'failed'].includes(status ?? ''))
      deviations.push(`query status "${String(status)}" is not in the spec's set`)
    if (status === 'failed') {
      const e = obj(t.error)
      if (!Number.isInteger(e?.code) || typeof e?.message !== 'string')
        deviations.push('a failed task without error {code, message}')
      return outcome(
        deviations.length ? 'deviating' : 'refused',
        `the job failed: ${str(e?.message) ?? 'no message'}`,
        answers,
        undefined,
        deviations,
      )
    }
    if (status === 'succeeded') {
      if (t.format !== 'mp4') deviations.push(`format "${String(t.format)}", not mp4`)
      if (info.family === 'A') {
        const d = await send({
          kind: 'model',
          wire: 'video',
          method: 'GET',
          path: videoDownloadPath(taskId),
          stream: false,
          maxBodyBytes: MAX_DOWNLOAD_BODY_BYTES,
        })
        const badD = judgeAnswer(d, answers)
        if (badD) return { ...badD, detail: `downloading ${taskId}: ${badD.detail}` }
        const body = obj(parseJson(d.exchange.body)) ?? {}
        if (
          body.success !== true ||
          typeof body.base64 !== 'string' ||
          !String(body.data_url ?? '').startsWith('data:video/mp4;base64,')
        )
          deviations.push('the download lacks success, base64 or a data:video/mp4 data_url')
      } else if (typeof t.url !== 'string' || !t.url) deviations.push('a succeeded task without url')
      const secs = Math.round((performance.now() - started) / 1000)
      return {
        ...outcome(
          deviations.length ? 'deviating' : 'supported',
          `succeeded in about ${secs} s`,
          answers,
          undefined,
          deviations,
        ),
        bill: videoBill(info, form),
      }
    }
    if (performance.now() - started > options.maxWaitMs)
      return outcome(
        'failed',
        `still ${status} after ${Math.round(options.maxWaitMs / 1000)} s; left running at the gateway, not resubmitted`,
        answers,
        undefined,
        deviations,
      )
    await sleep(options.pollMs, options.signal)
  }
}

export async function runImageProbe(profile: ResolvedProfile, options: PaidOptions): Promise<ProbeOutcome> {
  const answers: ProbeAnswer[] = []
  if (!profile.consoleBaseUrl || !profile.consoleToken)
    return outcome('skipped', 'the profile has no console base URL or access token', answers)
  const body = IMAGE_PROBE_BODY
  const a = await sender(
    profile,
    options,
    answers,
  )({
    kind: 'console',
    wire: 'console',
    method: 'POST',
    path: consolePath('batchImage'),
    body,
    stream: false,
  })
  const bad = judgeAnswer(a, answers)
  if (bad) return bad
  const env = obj(parseJson(a.exchange.body)) ?? {}
  if (env.code !== 200)
    return outcome('refused', `refused: ${String(env.code)} ${str(env.msg) ?? ''}`, answers)
  const images = arr(obj(env.data)?.images)
  const ok = images.length > 0 && images.every((i) => typeof obj(i)?.url === 'string')
  return {
    ...outcome(
      ok ? 'supported' : 'deviating',
      ok ? `${images.length} image URL(s)` : 'data.images[] of {url} missing',
      answers,
      undefined,
      ok ? [] : ['data.images[] of {url} missing from the envelope'],
    ),
    bill: { images: images.length },
  }
}
