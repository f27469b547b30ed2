// The text probes at work: each builds its request with the format's own builder from the probe's draft, sends
// it through sendProbe, and checks what the spec says of the answer (probes.ts `expect`) on top of the wire
// conformance every exchange gets. Multi-step probes (tool round trip, previous_response_id, auth styles)
// keep every exchange, in order, for the Inspector.
import {
  formats,
  appendAssistantTurn,
  appendToolResults,
  buildCountTokens,
  type Draft,
  type WireFormat,
} from '../../../shared/wire'
import { conformanceOf, errorInWords, usageOf } from '../../../shared/check/conformance'
import type { TextProbe } from '../../../shared/check/probes'
import { num, obj, parseJson } from '../../../shared/wire/read'
import type { ResolvedProfile } from '../profiles'
import {
  sendProbe,
  type ProbeAnswer,
  type ProbeAuth,
  type ProbeHttpOptions,
  type ProbeRequest,
} from './probeHttp'
import { foldAnswer, judgeAnswer, outcome, type ProbeOutcome } from './judge'

function request(format: WireFormat, draft: Draft, auth?: ProbeAuth): ProbeRequest {
  const built = formats[format].build(draft)
  return {
    kind: format === 'native' ? 'native' : 'model',
    wire: format,
    method: built.method,
    path: built.path,
    headers: built.headers,
    body: built.body,
    stream: draft.stream === true,
    ...(auth ? { auth } : {}),
  }
}

export interface TextProbeRun {
  outcome: ProbeOutcome
  /** The last draft sent and its answer's text, for History and "Save as case". */
  draft: Draft
  answerText: string
}

export async function runTextProbe(
  profile: ResolvedProfile,
  probe: TextProbe,
  model: string,
  format: WireFormat,
  http: ProbeHttpOptions,
): Promise<TextProbeRun> {
  const answers: ProbeAnswer[] = []
  const send = async (req: ProbeRequest) => {
    const a = await sendProbe(profile, req, http)
    answers.push(a)
    return a
  }
  let draft = probe.draft(model, format)
  const done = (o: ProbeOutcome, text = ''): TextProbeRun => ({ outcome: o, draft, answerText: text })
  const expect = probe.expect

  if (expect.kind === 'countTokens') {
    const built = buildCountTokens(draft)
    const a = await send({
      kind: 'model',
      wire: 'count_tokens',
      method: 'POST',
      path: built.path,
      headers: built.headers,
      body: built.body,
      stream: false,
    })
    const bad = judgeAnswer(a, answers)
    if (bad) return done(bad)
    const n = num(obj(parseJson(a.exchange.body))?.input_tokens)
    return done({ ...outcome('supported', `${n} input tokens`, answers), ttftMs: a.firstByteMs })
  }

  if (expect.kind === 'error') {
    const a = await send(request(format, draft))
    const ex = a.exchange
    if (ex.status === null) return done(outcome('failed', `no answer: ${ex.transportError}`, answers))
    if (ex.status >= 200 && ex.status <= 299)
      return done(
        outcome('deviating', `${expect.what} was accepted`, answers, undefined, [
          `accepted ${expect.what}, outside the spec's range, instead of refusing it with ${expect.statuses.join(' or ')}`,
        ]),
      )
    // A model the gateway does not have is refused before its parameters are read: a capability, not a deviation.
    if (ex.status === 404) {
      const shape = conformanceOf(ex, [404])
      return done(
        outcome(
          shape.length ? 'deviating' : 'refused',
          `refused: ${errorInWords(ex)}`,
          answers,
          undefined,
          shape,
        ),
      )
    }
    if (ex.status === 429 || ex.status >= 500 || ex.transportError)
      return done(
        outcome(
          conformanceOf(ex, expect.statuses).length && !ex.transportError ? 'deviating' : 'failed',
          `the gateway answered ${errorInWords(ex)}${ex.transportError ? ` (${ex.transportError})` : ''}`,
          answers,
          undefined,
          ex.transportError ? [] : conformanceOf(ex, expect.statuses),
        ),
      )
    const deviations = conformanceOf(ex, expect.statuses)
    return done(
      outcome(
        deviations.length ? 'deviating' : 'supported',
        `refused as the spec says: ${errorInWords(ex)}`,
        answers,
        undefined,
        deviations,
      ),
    )
  }

  if (expect.kind === 'auth') return done(await authStyles(format, draft, send, answers))

  const first = await send(request(format, draft))
  const bad = judgeAnswer(first, answers)
  if (bad) return done(bad)
  let folded = foldAnswer(format, first)
  const c = folded.completion
  const usageGone = probe.usage && !usageOf(first.exchange)
  const extra = usageGone ? ['usage missing from the response'] : []
  const verdict = (ok: boolean, yes: string, no: string, text = c.text) =>
    done(
      outcome(
        extra.length ? 'deviating' : ok ? 'supported' : 'refused',
        ok ? yes : no,
        answers,
        folded,
        extra,
      ),
      text,
    )

  switch (expect.kind) {
    case 'answer':
      return verdict(
        c.text.trim() !== '' || c.images.length > 0,
        `answered "${c.text.slice(0, 60)}"`,
        'answered with no text',
      )
    case 'json': {
      // Messages has no structured output: the schema goes as a forced tool whose arguments are the answer.
      const text = c.text.trim() || c.toolCalls[0]?.arguments || ''
      const parsed = obj(parseJson(text))
      return verdict(
        typeof parsed?.city === 'string',
        `JSON ${text.slice(0, 60)}`,
        `not JSON that fits the schema: "${text.slice(0, 80)}"`,
        text,
      )
    }
    case 'reasoning': {
      const tokens = c.usage?.reasoning ?? 0
      return verdict(
        c.reasoning.trim() !== '' || tokens > 0,
        `reasoning: ${c.reasoning ? `${c.reasoning.length} characters` : `${tokens} tokens`}`,
        'answered without reasoning (thinking ignored)',
      )
    }
    case 'stopSequence': {
      const stopped =
        format === 'messages' ? c.stopReason === 'stop_sequence' : !c.text.includes(expect.sequence)
      return verdict(
        stopped,
        `stopped at "${expect.sequence}" (${c.stopReason ?? 'no reason'})`,
        `the stop sequence was not honoured (${c.stopReason ?? 'no reason'}: "${c.text.slice(0, 60)}")`,
      )
    }
    case 'cacheUsage': {
      const u = usageOf(first.exchange) ?? {}
      const ok =
        format === 'messages'
          ? typeof u.cache_creation_input_tokens === 'number' || typeof u.cache_read_input_tokens === 'number'
          : typeof obj(u.input_tokens_details)?.cached_tokens === 'number'
      return verdict(
        ok,
        `cache fields in usage (${c.usage?.cacheCreation ?? 0} written, ${c.usage?.cachedRead ?? 0} read)`,
        'usage carries no cache fields',
      )
    }
    case 'toolRoundTrip': {
      const call = c.toolCalls[0]
      if (!call)
        return verdict(false, '', `no tool call (${c.stopReason ?? 'no reason'}: "${c.text.slice(0, 60)}")`)
      if (obj(call.parsedArguments ?? parseJson(call.arguments)) === undefined)
        return done(
          outcome('deviating', 'tool arguments are not a JSON object', answers, folded, [
            `tool call arguments are not JSON: ${call.arguments.slice(0, 80)}`,
          ]),
        )
      draft = appendToolResults(appendAssistantTurn(draft, c), [
        { callId: call.id, name: call.name, content: '{"celsius": 21}' },
      ])
      const second = await send(request(format, draft))
      const bad2 = judgeAnswer(second, answers)
      if (bad2) return done({ ...bad2, detail: `the tool result turn: ${bad2.detail}` })
      folded = foldAnswer(format, second)
      const gone2 = probe.usage && !usageOf(second.exchange)
      if (gone2) extra.push('usage missing from the response')
      const t = folded.completion.text
      return done(
        outcome(
          extra.length ? 'deviating' : t.trim() ? 'supported' : 'refused',
          t.trim()
            ? `called ${call.name}, then answered "${t.slice(0, 50)}"`
            : 'no answer to the tool result',
          answers,
          folded,
          extra,
        ),
        t,
      )
    }
    case 'previousResponse': {
      if (!c.id)
        return done(
          outcome('deviating', 'the response has no id', answers, folded, [
            'response id missing, so previous_response_id cannot be used',
          ]),
        )
      draft = {
        ...probe.draft(model, format),
        messages: [
          { role: 'user', parts: [{ type: 'text', text: 'Which word did I ask you to remember?' }] },
        ],
        extras: { responses: { previous_response_id: c.id } },
      }
      const second = await send(request(format, draft))
      const bad2 = judgeAnswer(second, answers)
      if (bad2) return done({ ...bad2, detail: `the turn naming ${c.id}: ${bad2.detail}` })
      folded = foldAnswer(format, second)
      const t = folded.completion.text
      return done(
        outcome(
          t.trim() ? 'supported' : 'refused',
          `continued ${c.id}: "${t.slice(0, 50)}"`,
          answers,
          folded,
          extra,
        ),
        t,
      )
    }
  }
}

/** Auth styles (spec: Authentication): no key refused with 401; the styles each endpoint kind takes or refuses. */
async function authStyles(
  format: WireFormat,
  draft: Draft,
  send: (req: ProbeRequest) => Promise<ProbeAnswer>,
  answers: ProbeAnswer[],
): Promise<ProbeOutcome> {
  const deviations: string[] = []
  const accepted: string[] = []
  const refused: string[] = []
  const none = await send(request(format, draft, 'none'))
  if (none.exchange.status === null)
    return outcome('failed', `no answer: ${none.exchange.transportError}`, answers)
  if (none.exchange.status !== 401 && none.exchange.status !== 403)
    deviations.push(`a request without a key was not refused (${errorInWords(none.exchange)})`)
  else deviations.push(...conformanceOf(none.exchange, [401]).map((d) => `without a key: ${d}`))
  refused.push('no key')
  const styles: { name: string; auth: ProbeAuth; must: 'accept' | 'refuse' }[] =
    format === 'native'
      ? [
          { name: 'x-vendor-api-key', auth: { header: 'x-vendor-api-key' }, must: 'accept' },
          { name: '?key=', auth: 'query', must: 'accept' },
        ]
      : [
          { name: '?key=', auth: 'query', must: 'refuse' },
          { name: 'x-vendor-api-key', auth: { header: 'x-vendor-api-key' }, must: 'refuse' },
          // The spec names only `Authorization: Bearer` for model endpoints, messages included (WIRE-NOTES' SDK
          // habit of `x-api-key` is not a style the gateway promises).
          ...(format === 'messages'
            ? [{ name: 'x-api-key', auth: { header: 'x-api-key' }, must: 'refuse' as const }]
            : []),
        ]
  for (const style of styles) {
    const a = await send(request(format, draft, style.auth))
    const ex = a.exchange
    if (ex.status === null)
      return outcome('failed', `${style.name}: no answer: ${ex.transportError}`, answers)
    if (ex.status === 429 || ex.status >= 500 || ex.transportError)
      return outcome(
        'failed',
        `${style.name}: the gateway answered ${errorInWords(ex)}${ex.transportError ? ` (${ex.transportError})` : ''}`,
        answers,
      )
    // Past authentication is what counts: a 404 for the model still means the key was taken.
    const authPassed = ex.status !== 401 && ex.status !== 403
    if (style.must === 'accept') {
      if (authPassed) accepted.push(style.name)
      else deviations.push(`${style.name} refused (${errorInWords(ex)}), which the spec accepts here`)
    } else if (authPassed)
      deviations.push(
        `${style.name} accepted, which the spec does not allow on ${format === 'messages' || format === 'chat' || format === 'responses' ? 'this endpoint' : format}`,
      )
    else {
      refused.push(style.name)
      deviations.push(...conformanceOf(ex, [401]).map((d) => `${style.name}: ${d}`))
    }
  }
  const detail = `Bearer accepted${accepted.length ? `, ${accepted.join(', ')} accepted` : ''}; ${refused.join(', ')} refused`
  return outcome(deviations.length ? 'deviating' : 'supported', detail, answers, undefined, deviations)
}
