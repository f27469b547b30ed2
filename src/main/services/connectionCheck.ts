// "Test connection" for a profile: one POST /v1/messages/count_tokens (no model call, no quota), reported as
// reachable / key accepted / latency, or the exact error the server or the network gave.
import type { ConnectionReport } from '../../shared/ipc/profiles'
import { AppError } from '../../shared/ipc/result'
import { GatewayError, type GatewayClient } from './gateway'
import type { ResolvedProfile } from './profiles'

export const CONNECTION_CHECK_MODEL = 'claude-sonnet-4-5'

export async function checkConnection(
  client: GatewayClient,
  profile: ResolvedProfile,
): Promise<ConnectionReport> {
  const started = performance.now()
  try {
    const res = await client.send(profile, {
      kind: 'model',
      method: 'POST',
      path: '/v1/messages/count_tokens',
      body: { model: CONNECTION_CHECK_MODEL, messages: [{ role: 'user', content: 'ping' }] },
      maxRetries: 0,
    })
    const latencyMs = Math.round(performance.now() - started)
    const detail = errorText(res.exchange.rawBody())
    if (res.ok) {
      return {
        reachable: true,
        authAccepted: true,
        latencyMs,
        status: res.status,
        message: 'The server accepted the key.',
      }
    }
    if (res.status === 401 || res.status === 403) {
      return {
        reachable: true,
        authAccepted: false,
        latencyMs,
        status: res.status,
        message: `The server answered ${res.status}: the key was not accepted.`,
        detail,
      }
    }
    // Any other answer proves the server is reachable; whether the key passed is not certain.
    return {
      reachable: true,
      authAccepted: res.status === 400 || res.status === 404 || res.status === 422 ? true : null,
      latencyMs,
      status: res.status,
      message: `The server answered ${res.status} to a token count request.`,
      detail,
    }
  } catch (error) {
    if (error instanceof GatewayError) {
      return { reachable: false, authAccepted: null, latencyMs: null, status: null, message: error.message }
    }
    if (error instanceof AppError) {
      return { reachable: false, authAccepted: null, latencyMs: null, status: null, message: error.message }
    }
    throw error
  }
}

function errorText(body: string): string | undefined {
  if (!body) return undefined
  try {
    const parsed = JSON.parse(body) as { error?: { message?: string } | string; message?: string }
    const msg = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message)
    if (msg) return msg
  } catch {
    // not JSON: show the start of the text
  }
  return body.slice(0, 500)
}
