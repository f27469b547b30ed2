// Sends a built request (a wire module's or a job domain's: endpoint kind, method, path, format headers, body)
// through the gateway client, so callers say only how to send it: the user's edited body text instead of the
// built body, a JSON answer read as it arrives, a stream, a signal, the retries. Invariant: an edited body is
// sent byte for byte and wins over the built one.
import type { EndpointKind, GatewayClient, GatewayResponse } from './gateway'
import type { ResolvedProfile } from './profiles'

export interface BuiltRequest {
  kind: EndpointKind
  method: 'GET' | 'POST'
  path: string
  /** Format headers (auth and content negotiation are the client's). */
  headers?: Record<string, string>
  body?: unknown
}

export interface SendOptions {
  /** The user's edited body text, sent exactly as written instead of `body`. */
  rawBody?: string
  /** An open answer: SSE by default, or with `json` a JSON body read as it arrives (downloads carry MBs). */
  stream?: boolean
  json?: boolean
  signal?: AbortSignal
  maxRetries?: number
  /** See GatewayRequest.onWrite. */
  onWrite?: () => void
}

export function sendRequest(
  gateway: GatewayClient,
  profile: ResolvedProfile,
  built: BuiltRequest,
  options: SendOptions = {},
): Promise<GatewayResponse> {
  const { rawBody, stream, json, signal, maxRetries, onWrite } = options
  return gateway.send(profile, {
    kind: built.kind,
    method: built.method,
    path: built.path,
    ...(built.headers || json
      ? { headers: { ...built.headers, ...(json ? { accept: 'application/json' } : {}) } }
      : {}),
    ...(rawBody !== undefined ? { rawBody } : built.body !== undefined ? { body: built.body } : {}),
    ...(stream ? { stream } : {}),
    ...(signal ? { signal } : {}),
    ...(maxRetries !== undefined ? { maxRetries } : {}),
    ...(onWrite ? { onWrite } : {}),
  })
}
