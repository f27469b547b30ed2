// "Needs a tool round" in Save as case: the case's calls are answered by a tool server named here (one set up in
// Settings → Tool servers; the user connects it there, opening or running a case never starts it), up to a number
// of rounds. The case then starts from the conversation's last message: the tool turns after it are what the
// matrix runs again.
import { CASE_TOOL_ROUNDS_MAX, type CaseToolRound } from '../../../../shared/cases/caseModel'
import type { Draft } from '../../../../shared/wire'
import { useToolRoundServers } from '../../stores/tools'

export interface ToolRoundChoice {
  on: boolean
  server: string
  rounds: string
}

/** The case's tool round from the fields, or the field's problem in words. */
export function readToolRound(c: ToolRoundChoice): { value?: CaseToolRound; error?: string } {
  if (!c.on) return {}
  const server = c.server.trim()
  if (!server) return { error: 'Tool server: name the tool server that answers the calls' }
  const rounds = Number(c.rounds)
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > CASE_TOOL_ROUNDS_MAX)
    return { error: `Rounds: a whole number from 1 to ${CASE_TOOL_ROUNDS_MAX}` }
  return { value: { server, maxRounds: rounds } }
}

/** The draft up to its last user message: the tool rounds after it are the case's to run. */
export function upToLastMessage(draft: Draft): Draft {
  const at = draft.messages.findLastIndex((m) => m.role === 'user' && m.parts.some((p) => p.type === 'text'))
  return at < 0 ? draft : { ...draft, messages: draft.messages.slice(0, at + 1) }
}

export function ToolRoundFields({
  choice,
  onChange,
  error,
  dropped,
}: {
  choice: ToolRoundChoice
  onChange(patch: Partial<ToolRoundChoice>): void
  error: string | undefined
  /** Turns after the last message the case leaves out. */
  dropped: number
}) {
  const { servers } = useToolRoundServers()
  const named = servers.servers.find((s) => s.name.toLowerCase() === choice.server.trim().toLowerCase())
  return (
    <fieldset className="save-case-tools" aria-label="Tool round">
      <label className="checkbox">
        <input type="checkbox" checked={choice.on} onChange={(e) => onChange({ on: e.target.checked })} />
        Needs a tool round: the model&apos;s calls are answered by a tool server, then the final answer is
        checked
      </label>
      {choice.on && (
        <div className="save-case-row">
          <label>
            Tool server
            <input
              list="save-case-tool-servers"
              value={choice.server}
              aria-invalid={!!error || undefined}
              onChange={(e) => onChange({ server: e.target.value })}
            />
            <datalist id="save-case-tool-servers">
              {servers.servers.map((s) => (
                <option key={s.id} value={s.name} />
              ))}
            </datalist>
          </label>
          <label>
            Rounds at most
            <input
              inputMode="numeric"
              value={choice.rounds}
              aria-invalid={!!error || undefined}
              onChange={(e) => onChange({ rounds: e.target.value })}
            />
          </label>
          {error ? (
            <span className="field-error">{error}</span>
          ) : (
            <span className="field-note small">
              {named
                ? named.state.status === 'connected'
                  ? `${named.name} is connected.`
                  : `${named.name} is not connected: connect it in Settings → Tool servers before running the case (a case never starts it).`
                : choice.server.trim()
                  ? 'No tool server of that name yet: add it in Settings → Tool servers.'
                  : ''}
              {dropped > 0 &&
                ` The case starts from the last message; the ${dropped} turn${dropped === 1 ? '' : 's'} after it (the earlier tool round) ${dropped === 1 ? 'is' : 'are'} left out.`}
            </span>
          )}
        </div>
      )}
    </fieldset>
  )
}
