// The versions of one answer a conversation keeps (Regenerate keeps the earlier answers), and a turn's text
// rewritten by the user. A turn shows and sends one version: its own parts; the others wait in `alternates`,
// in the order they came, the shown one's place among them being `alternateAt`. At most ANSWER_VERSIONS_MAX
// versions: a new one past that lets the oldest go. Pure functions over turns; they never change one in place.
import { ANSWER_VERSIONS_MAX } from './answerBound'
import type { AnswerVersion, DraftMessage, DraftPart } from './draft'

/** The version a turn shows, as one of its versions. */
function shownVersion(turn: DraftMessage): AnswerVersion {
  const { role: _role, alternates: _others, alternateAt: _at, ...version } = turn
  return version
}

/** Every version of a turn in order, and the index of the one it shows. */
export function answerVersions(turn: DraftMessage): { versions: AnswerVersion[]; shown: number } {
  const others = turn.alternates ?? []
  const shown = Math.min(turn.alternateAt ?? others.length, others.length)
  return { versions: [...others.slice(0, shown), shownVersion(turn), ...others.slice(shown)], shown }
}

/** The turn showing version `index` of `versions` (the others kept as its alternates). */
function showing(role: DraftMessage['role'], versions: AnswerVersion[], index: number): DraftMessage {
  const others = versions.filter((_, i) => i !== index)
  const turn: DraftMessage = { role, ...versions[index]! }
  return others.length > 0 ? { ...turn, alternates: others, alternateAt: index } : turn
}

/** The turn showing its version `index` instead (numbered from 0); the same turn when there is none such. */
export function showAnswerVersion(turn: DraftMessage, index: number): DraftMessage {
  const { versions, shown } = answerVersions(turn)
  if (index === shown || index < 0 || index >= versions.length) return turn
  return showing(turn.role, versions, index)
}

/**
 * A new answer in place of `earlier` (Regenerate): shown, and the last of the versions, the earlier ones kept
 * before it. Past ANSWER_VERSIONS_MAX the oldest go.
 */
export function withEarlierAnswers(answer: DraftMessage, earlier: DraftMessage): DraftMessage {
  const versions = [...answerVersions(earlier).versions, shownVersion(answer)].slice(-ANSWER_VERSIONS_MAX)
  return showing(answer.role, versions, versions.length - 1)
}

/**
 * The turn with its text rewritten, marked edited (when the text changed): the text takes the place of its first text part (the other
 * text parts go), or follows its reasoning when it had none; images, files and tool calls stay. Empty text
 * leaves only the other parts.
 */
export function rewrittenTurn(turn: DraftMessage, text: string): DraftMessage {
  const first = turn.parts.findIndex((p) => p.type === 'text')
  const others = turn.parts.filter((p) => p.type !== 'text')
  const at =
    first >= 0 ? turn.parts.slice(0, first).filter((p) => p.type !== 'text').length : reasoningEnd(others)
  const parts: DraftPart[] =
    text === '' ? others : [...others.slice(0, at), { type: 'text', text }, ...others.slice(at)]
  const before = turn.parts.map((p) => (p.type === 'text' ? p.text : '')).join('')
  return before === text && !turn.edited ? { ...turn, parts } : { ...turn, parts, edited: true }
}

function reasoningEnd(parts: readonly DraftPart[]): number {
  let at = 0
  while (at < parts.length && parts[at]!.type === 'reasoning') at++
  return at
}
