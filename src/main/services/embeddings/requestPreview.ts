// The request an embed or rerank draft will send, as the panel shows it before Send: method, URL, headers
// with the credential masked, the body (shortened for display only) and the code export. Invariant: no key
// ever appears in a preview (S*), and a hand-edited body is judged only on whether it parses.
import { authorize } from '../gateway'
import type { ResolvedProfile } from '../profiles'
import { redactHeader, redactUrl } from '../redact'
import type { RequestPreview } from '../../../shared/ipc/text'
import {
  buildEmbed,
  buildRerank,
  validateEmbed,
  validateRerank,
  type BuiltRequest,
  type DraftIssue,
  type EmbedDraft,
  type RerankDraft,
} from '../../../shared/embed/requests'
import { exportEmbeddingsCode } from '../../../shared/embed/codeExport'

/** Characters of the request body a preview shows (the whole body is sent); keeps the answer under M1. */
const PREVIEW_BODY_CHARS = 100_000

export type PreviewInput =
  | { mode: 'embed'; profileId: string; draft: EmbedDraft; rawBody?: string }
  | { mode: 'rerank'; profileId: string; draft: RerankDraft; rawBody?: string }

function rawBodyIssues(text: string): DraftIssue[] {
  try {
    JSON.parse(text)
    return []
  } catch (error) {
    return [
      {
        field: 'body',
        rule: 'json',
        message: `Request body: not valid JSON (${(error as Error).message}).`,
        severity: 'error',
      },
    ]
  }
}

export function previewRequest(profile: ResolvedProfile, input: PreviewInput): RequestPreview {
  let built: BuiltRequest
  let issues: DraftIssue[]
  if (input.mode === 'embed') {
    built = buildEmbed(input.draft)
    issues = validateEmbed(input.draft)
  } else {
    built = buildRerank(input.draft)
    issues = validateRerank(input.draft)
  }
  // A hand-edited body is sent as written: the form's rules no longer apply, only that it parses.
  if (input.rawBody !== undefined) issues = rawBodyIssues(input.rawBody)
  let url = built.path
  let headers: Record<string, string> = {}
  try {
    ;({ url, headers } = authorize(profile, { kind: built.kind, path: built.path }))
  } catch (error) {
    issues = [
      ...issues,
      { field: 'profile', rule: 'credential', message: (error as Error).message, severity: 'warning' },
    ]
  }
  const all = { ...headers, 'content-type': 'application/json' }
  const masked = Object.entries(all).map(([k, v]) => [k, redactHeader(k, v)] as [string, string])
  const shownUrl = redactUrl(url)
  const body = input.rawBody ?? JSON.stringify(built.body, null, 2)
  const { code, shortened } = exportEmbeddingsCode({
    method: built.method,
    url: shownUrl,
    headers: Object.fromEntries(masked),
    body: input.rawBody ?? built.body,
  })
  if (shortened)
    issues = [
      ...issues,
      {
        field: 'code',
        rule: 'size',
        message: `The code export carries ${shortened} to stay readable; Send sends all of them.`,
        severity: 'warning',
      },
    ]
  return {
    method: built.method,
    url: shownUrl,
    headers: masked,
    body:
      body.length > PREVIEW_BODY_CHARS
        ? `${body.slice(0, PREVIEW_BODY_CHARS)}\n… (shortened for display; Send sends the whole body)`
        : body,
    code,
    issues,
  }
}
