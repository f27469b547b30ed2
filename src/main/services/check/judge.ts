// Turns recorded probe answers into a cell's verdict: an answer folded with the format's own folder (the same
// code the Text panel reads streams with), the wire conformance deviations of every exchange, and the status
// words the matrix shows. Shared by every probe kind so "refused", "deviating" and "failed" mean one thing.
import { formats, CompletionAccumulator, type Completion, type WireFormat } from '../../../shared/wire'
import { conformanceOf, errorInWords } from '../../../shared/check/conformance'
import { midStreamError } from '../../../shared/check/streamConformance'
import type { CheckStatus } from '../../../shared/check/model'
import type { ProbeAnswer } from './probeHttp'
import type { JobBill } from '../cost/costService'
import { parseJsonBounded } from '../../../shared/jsonDepth'
import { tokensPerSecond } from '../../../shared/wire/tokenSpeed'

export interface ProbeOutcome {
  status: CheckStatus
  detail: string
  deviations: string[]
  answers: ProbeAnswer[]
  ttftMs: number | null
  tokensPerSecond: number | null
  /** What a paid probe's job billed (a video job that succeeded, images made), for its cost. */
  bill?: JobBill
}

export interface Folded {
  completion: Completion
  /** ms to the first frame that carried content (streams), else to the headers. */
  ttftMs: number | null
  tokensPerSecond: number | null
}

/** The answer as the app reads it: a stream through the format's folder, a body through its parser. */
export function foldAnswer(format: WireFormat, answer: ProbeAnswer): Folded {
  const adapter = formats[format]
  const ex = answer.exchange
  if (!ex.stream || ex.frames.length === 0) {
    let completion: Completion
    try {
      completion = adapter.parseResponse(parseJsonBounded(ex.body))
    } catch {
      completion = new CompletionAccumulator().result()
    }
    return { completion, ttftMs: answer.firstByteMs, tokensPerSecond: null }
  }
  const folder = adapter.createFolder()
  const acc = new CompletionAccumulator()
  let first: number | null = null
  ex.frames.forEach((frame, i) => {
    for (const e of folder.push(frame)) {
      acc.apply(e)
      if (first === null && (e.type === 'text' || e.type === 'reasoning' || e.type === 'toolCallStart')) {
        first = answer.frameTimes[i] ?? null
      }
    }
  })
  if (folder.status === 'open') for (const e of folder.end()) acc.apply(e)
  const completion = acc.result()
  const last = answer.frameTimes[answer.frameTimes.length - 1] ?? null
  const out = completion.usage?.output
  const genMs = first !== null && last !== null ? last - first : 0
  return { completion, ttftMs: first, tokensPerSecond: tokensPerSecond(out, genMs) }
}

/**
 * The verdict for an answer that should have succeeded, before the probe's own expectations: failed without
 * an answer or on 429/5xx (its shape deviations listed under the status), refused on another 4xx (in the spec's error shape, else deviating), and the
 * conformance deviations of a success. Null means: a conformant success, go on.
 */
export function judgeAnswer(answer: ProbeAnswer, answers: ProbeAnswer[]): ProbeOutcome | null {
  const ex = answer.exchange
  const deviations = conformanceOf(ex)
  const base = { answers, ttftMs: null, tokensPerSecond: null }
  if (ex.status === null)
    return {
      ...base,
      status: 'failed',
      detail: `no answer: ${ex.transportError ?? 'unknown'}`,
      deviations: [],
    }
  // A 429 or 5xx to a request that follows the spec: the cell could not be checked, and its headline is the
  // status (an error body in the wrong shape is listed, but it is the smaller finding).
  if (ex.status === 429 || ex.status >= 500) {
    return {
      ...base,
      status: 'failed',
      detail: `the gateway answered ${errorInWords(ex)}`,
      deviations,
    }
  }
  if (ex.status < 200 || ex.status > 299) {
    return {
      ...base,
      status: deviations.length ? 'deviating' : 'refused',
      detail: `refused: ${errorInWords(ex)}`,
      deviations,
    }
  }
  const failure = midStreamError(ex)
  if (failure)
    return {
      ...base,
      status: deviations.length ? 'deviating' : 'failed',
      detail: `the stream ended with the gateway's error: ${failure}`,
      deviations,
    }
  if (deviations.length) {
    const cut =
      ex.transportError !== null ||
      deviations.some((d) => d.startsWith('stream cut') || d.startsWith('body cut'))
    return {
      ...base,
      status: 'deviating',
      detail: cut ? 'the answer was cut off' : 'answered, but not as the spec says',
      deviations,
    }
  }
  return null
}

/** A finished outcome with the speed figures of the answer that carried the content. */
export function outcome(
  status: CheckStatus,
  detail: string,
  answers: ProbeAnswer[],
  folded?: Folded,
  deviations: string[] = [],
): ProbeOutcome {
  return {
    status,
    detail,
    deviations,
    answers,
    ttftMs: folded?.ttftMs ?? null,
    tokensPerSecond: folded?.tokensPerSecond ?? null,
  }
}
