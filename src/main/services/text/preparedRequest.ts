// Turns a run request into the exact request that would go out: the profile it resolves to, the conversation's
// turns by reference, attachments from the media store, and the body built by the format adapter or sent as the
// user wrote it (after the same rules: rawBodyCheck.ts). Invalid input throws an AppError naming the field, unless
// a preview asks to see it anyway or the user sends anyway (a body that is not a JSON object is never sent).
import type { RunRequest } from '../../../shared/ipc/text'
import { AppError } from '../../../shared/ipc/result'
import {
  checkRawBody,
  formats,
  hasErrors,
  rawBodyUnsendable,
  sendableTurns,
  validateDraft,
  type BuiltRequest,
  type Draft,
  type DraftIssue,
  type FormatAdapter,
  type WireFormat,
} from '../../../shared/wire'
import type { EndpointKind } from '../gateway'
import type { MediaStore } from '../mediaStore'
import type { ProfileService, ResolvedProfile } from '../profiles'
import { resolveAttachments } from './attachments'
import type { ConversationStore } from './conversations'
import { parseJsonBounded } from '../../../shared/jsonDepth'
import { fillDraft } from '../../../shared/evals/draftVariables'

export interface Prepared {
  profile: ResolvedProfile
  adapter: FormatAdapter
  built: BuiltRequest
  bodyText: string
  stream: boolean
  kind: EndpointKind
  issues: DraftIssue[]
}

export interface PrepareDeps {
  profiles: ProfileService
  media: MediaStore
  conversations: ConversationStore
}

/**
 * The request's draft with the turns of the conversation it references first, then those of its prompt (a
 * prompt too large to ride in the draft), and the draft's own messages (the composer's turn) after them; "continue from this response" then leaves out the turns that response holds.
 */
export function withTurns(
  conversations: ConversationStore,
  request: Pick<RunRequest, 'draft' | 'conversation' | 'prompt' | 'continueFrom' | 'format' | 'variables'>,
): Draft {
  return filled(turnsOf(conversations, request), request).draft
}

function turnsOf(
  conversations: ConversationStore,
  request: Pick<RunRequest, 'draft' | 'conversation' | 'prompt' | 'continueFrom' | 'format'>,
): Draft {
  const draft = request.draft as Draft
  const referenced = [request.conversation, request.prompt].flatMap((ref) =>
    ref ? sendableTurns(conversations.turns(ref)) : [],
  )
  const messages = referenced.length ? [...referenced, ...draft.messages] : draft.messages
  return continued({ ...draft, messages }, request)
}

/**
 * With values for its variables: the draft with them filled in (what is sent, previewed and recorded), and the
 * names it uses that have none. Without values the draft goes as written (a `{{` in it is just text).
 */
function filled(draft: Draft, request: Pick<RunRequest, 'variables'>): { draft: Draft; missing: string[] } {
  return request.variables ? fillDraft(draft, request.variables) : { draft, missing: [] }
}

/** The issue a variable with no value raises: the request would carry `{{name}}` as written. */
function unsetIssue(missing: string[]): DraftIssue {
  return {
    field: 'variables',
    rule: 'unset_variable',
    severity: 'error',
    message: `Variables: no value for ${missing.map((n) => `{{${n}}}`).join(', ')}`,
  }
}

/**
 * With a continuation that still fits (responses format, the conversation still holds the response's answer as
 * turn `turns`, and something follows it): only the turns after it, and the response's id as
 * `previous_response_id`. Otherwise the draft as it is.
 */
function continued(draft: Draft, request: Pick<RunRequest, 'continueFrom' | 'format'>): Draft {
  const c = request.continueFrom
  if (!c || request.format !== 'responses') return draft
  const last = draft.messages[c.turns - 1]
  if (draft.messages.length <= c.turns || last?.role !== 'assistant' || last.id !== c.lastTurnId) return draft
  return {
    ...draft,
    messages: draft.messages.slice(c.turns),
    extras: {
      ...draft.extras,
      responses: { ...draft.extras?.responses, previous_response_id: c.responseId },
    },
  }
}

/**
 * The request with its conversation's turns in the draft, read now: a later edit or answer changes the
 * conversation while the run is being prepared.
 */
export function pinTurns(conversations: ConversationStore, request: RunRequest): RunRequest {
  if (!request.conversation && !request.prompt && !request.continueFrom) return request
  const { conversation: _ref, prompt: _prompt, continueFrom: _continue, ...rest } = request
  return { ...rest, draft: turnsOf(conversations, request) as RunRequest['draft'] }
}

export async function prepareRequest(
  deps: PrepareDeps,
  request: RunRequest,
  options: { allowInvalid?: boolean } = {},
): Promise<Prepared> {
  // The turns first, before anything waits (see pinTurns).
  const { draft: withConversation, missing } = filled(turnsOf(deps.conversations, request), request)
  const profile = await deps.profiles.resolve(request.profileId)
  const format = request.format as WireFormat
  const adapter = formats[format]
  const kind: EndpointKind = format === 'native' ? 'native' : 'model'
  const draft = await resolveAttachments(withConversation, deps.media)
  if (request.rawBody !== undefined) {
    // The edited JSON runs the form's rules (read back by its format's reader); it is still sent as written.
    // The body decides streaming (absent is false), except for native, whose streaming is chosen by the path.
    const { issues, draft: read } = checkRawBody(
      format,
      request.rawBody,
      { model: draft.model, stream: format === 'native' ? draft.stream === true : false },
      { reader: adapter, validate: validateDraft },
    )
    const unsendable = rawBodyUnsendable(issues)
    if (!options.allowInvalid && (unsendable || (!request.force && hasErrors(issues)))) {
      const errors = issues.filter((i) => i.severity === 'error')
      throw new AppError(
        unsendable ? 'TEXT_INVALID_JSON' : 'TEXT_INVALID_DRAFT',
        errors.map((i) => i.message).join('; '),
        { issues },
      )
    }
    const stream = read?.stream === true
    const built = adapter.build({ ...draft, stream })
    return { profile, adapter, built, bodyText: request.rawBody, stream, kind, issues }
  }
  const issues = validateDraft(format, draft)
  if (missing.length) issues.unshift(unsetIssue(missing))
  if (!options.allowInvalid && !request.force && hasErrors(issues)) {
    const errors = issues.filter((i) => i.severity === 'error')
    throw new AppError('TEXT_INVALID_DRAFT', errors.map((i) => i.message).join('; '), { issues })
  }
  const built = adapter.build(draft)
  return {
    profile,
    adapter,
    built,
    bodyText: JSON.stringify(built.body),
    stream: draft.stream === true,
    kind,
    issues,
  }
}

/** The parsed value of a body, or undefined when it is not JSON (error bodies may be plain text). */
export function safeJson(text: string): unknown {
  try {
    return parseJsonBounded(text)
  } catch {
    return undefined
  }
}
