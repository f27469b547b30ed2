// What a refusal is about, read from its status and body: the model itself (the gateway does not host it:
// "model_not_found", LiteLLM's "Invalid model name passed in model=…"), the request's content (a field or a
// value, so the request got past authentication), or neither (a proxy's own trouble, such as a 400 "No connected
// db." from a proxy without its database, WIRE-NOTES). The Gateway check gives a row one verdict when its model is
// not there; Test connection calls a key accepted only when the refusal is about the request.
import { obj, parseJson, str } from '../wire/read'

interface ErrorFacts {
  message: string
  param: string | null
  type: string | null
  code: string | null
}

const named = (v: unknown): string | null => {
  const s = typeof v === 'number' ? String(v) : str(v)
  return s && s !== 'None' && s !== 'null' ? s : null
}

/** The message, param, type and code of an error body in any of the formats' shapes (or plain text). */
function errorFacts(body: string): ErrorFacts {
  const o = obj(parseJson(body))
  const e = obj(o?.error)
  const detail = obj(o?.detail)
  const message =
    str(e?.message) ??
    str(o?.error) ??
    str(o?.message) ??
    str(o?.msg) ??
    str(o?.detail) ??
    str(detail?.error) ??
    (o ? '' : body.slice(0, 2000))
  return {
    message,
    param: named(e?.param) ?? named(o?.param),
    type: named(e?.type) ?? named(e?.status) ?? named(o?.type),
    code: named(e?.code) ?? named(o?.code),
  }
}

/** "invalid model", "unknown model", "model x not found", "the model `x` does not exist", "no deployments for". */
const MODEL_GONE = [
  /\b(invalid|unknown|unsupported|unavailable|nonexistent)\s+model\b/i,
  /\bmodel\b[^.\n]{0,100}?\b(not found|does ?n[o']t exist|not exist|is not available|not available|unavailable|is not supported|not supported for this|not allowed|not permitted|no access|not a valid)\b/i,
  /\bno (healthy )?deployments?\b/i,
]

/** Whether a refusal says the model is not available on this gateway (404, or a 4xx naming the model as the fault). */
export function modelUnavailable(status: number | null, body: string): boolean {
  if (status === null || status < 400 || status > 499 || status === 401 || status === 429) return false
  if (status === 404) return true
  const f = errorFacts(body)
  if (f.code === 'model_not_found' || f.type === 'not_found_error' || f.param === 'model') return true
  return MODEL_GONE.some((re) => re.test(f.message))
}

/** Names of the request's content a refusal may cite. */
const CONTENT_WORDS =
  /\b(model|messages?|max_tokens|max_output_tokens|temperature|top_p|content|role|prompt|input|parameters?|param|field|value|required|must be|budget_tokens|tools?)\b/i

/**
 * Whether a 4xx is about the request's content (so the request was read past authentication): the body names a
 * parameter, is typed as an invalid request, or its words cite a field of the request. "No connected db." is not.
 */
export function aboutRequestContent(status: number, body: string): boolean {
  if (status < 400 || status > 499 || status === 401 || status === 403 || status === 429) return false
  const f = errorFacts(body)
  if (f.param) return true
  if (f.type && /^(invalid_request_error|not_found_error|INVALID_ARGUMENT|NOT_FOUND)$/.test(f.type))
    return true
  if (f.code === 'model_not_found') return true
  return CONTENT_WORDS.test(f.message)
}
