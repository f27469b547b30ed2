// A failure before the first byte of a run, in the user's terms: what went wrong (the cause, named) and what to
// do about it. Every such failure ends the run with exactly one terminal error built here; the error type is the
// app's code (GATEWAY_NO_SECRET, GATEWAY_UNREACHABLE, …) so tests and the UI can tell the causes apart.
import type { RunError } from '../../../shared/ipc/text'
import { AppError } from '../../../shared/ipc/result'

const TLS_CODES =
  /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|ERR_TLS|ERR_SSL|EPROTO|HOSTNAME_MISMATCH/

export function runFailure(error: unknown): RunError {
  const code = error instanceof AppError ? error.code : 'TEXT_RUN_FAILED'
  const message = error instanceof Error ? error.message : String(error)
  const details =
    error instanceof AppError ? (error.details as Record<string, unknown> | undefined) : undefined
  const base: RunError = { message, errorType: code, raw: null }
  switch (code) {
    case 'GATEWAY_NO_SECRET':
      // The gateway's message ends with the remedy too; the hint says it once, so the message keeps the cause.
      return {
        ...base,
        message: message.replace(/;\s*add it in Settings\.?$/, '.'),
        hint: 'Add the key to this profile in Settings, then send again.',
      }
    case 'PROFILES_NOT_FOUND':
      return {
        ...base,
        message: 'The profile this panel uses no longer exists.',
        hint: 'Pick another profile, or create one in Settings.',
      }
    case 'TEXT_INVALID_DRAFT': {
      const issues = Array.isArray(details?.issues) ? (details.issues as RunError['issues']) : undefined
      return {
        ...base,
        message: `The request is not valid: ${message}`,
        hint: 'Correct the fields named here, or use "Send anyway" to let the gateway judge the request.',
        ...(issues ? { issues } : {}),
      }
    }
    case 'TEXT_INVALID_JSON':
      return { ...base, hint: 'Correct the request JSON, or discard the edits to send the form.' }
    case 'TEXT_CONVERSATION_UNKNOWN':
    case 'TEXT_CONVERSATION_STALE':
      return { ...base, hint: 'Send again: the conversation is uploaded anew.' }
    case 'GATEWAY_TIMEOUT':
      return {
        ...base,
        hint: "The gateway accepted the connection but did not answer: check that it is up, or raise the profile's request timeout in Settings.",
      }
    case 'GATEWAY_UNREACHABLE':
      return { ...base, hint: unreachableHint(message) }
    case 'GATEWAY_TLS':
      return {
        ...base,
        hint: /client certificate/.test(message)
          ? 'Add the client certificate and its key to the profile in Settings.'
          : "Open the profile in Settings and run Test connection: it shows the certificate; add its CA file, or accept that one certificate if it is your gateway's.",
      }
    case 'GATEWAY_PROXY':
      return {
        ...base,
        hint: "Check the proxy's address, user name and password on the profile in Settings; Test connection shows which step fails.",
      }
    default:
      return base
  }
}

function unreachableHint(message: string): string {
  if (/ENOTFOUND|EAI_AGAIN|getaddrinfo/.test(message))
    return "The host name does not resolve: check the profile's base URL in Settings (and the network)."
  if (TLS_CODES.test(message))
    return "The server's TLS certificate is not trusted or does not match the host: check the base URL (https or http?) and the server's certificate."
  if (/ECONNREFUSED/.test(message))
    return "Nothing listens at that address: check the profile's base URL in Settings and that the gateway is running."
  if (/ECONNRESET|socket hang up|UND_ERR_SOCKET/.test(message))
    return 'The server closed the connection before answering: check the base URL and try again.'
  return "Check the profile's base URL in Settings and the network, then send again."
}
