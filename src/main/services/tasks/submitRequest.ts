// The submit of any job kind: the built body (or the edited JSON, byte for byte) POSTed through the gateway,
// its exchange kept as the job's `submit`, and the answer read as text and JSON. Invariant: the exchange is
// kept before the answer is judged, so a refused job still shows what was sent and what came back.
import { responseText, type EndpointKind, type GatewayClient } from '../gateway'
import type { ResolvedProfile } from '../profiles'
import { sendRequest } from '../sendRequest'
import { parseJson } from './answers'
import type { SendContext } from './domain'

/** A request a service sends as a job: a built body, or the edited JSON text byte for byte. */
export interface OutgoingRequest {
  path: string
  body?: unknown
  rawBody?: string
}

export interface SubmitAnswer {
  status: number
  ok: boolean
  text: string
  /** The answer as JSON; undefined when it is not JSON. */
  answer: unknown
}

export async function submitRequest(
  gateway: GatewayClient,
  profile: ResolvedProfile,
  kind: EndpointKind,
  request: OutgoingRequest,
  ctx: SendContext,
): Promise<SubmitAnswer> {
  const res = await sendRequest(
    gateway,
    profile,
    { kind, method: 'POST', path: request.path, body: request.body },
    { rawBody: request.rawBody, signal: ctx.signal },
  )
  ctx.keepExchange('submit', res.exchange.snapshot())
  const text = responseText(res)
  return { status: res.status, ok: res.ok, text, answer: parseJson(text) }
}
