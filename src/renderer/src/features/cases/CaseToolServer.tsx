// A case that needs a tool round names its tool server: shown with that server's state in Settings → Tool
// servers. Opening or running the case never starts it; the user connects it there.
import type { CaseToolRound } from '../../../../shared/cases/caseModel'
import { useToolRoundServers } from '../../stores/tools'

export function CaseToolServer({ round }: { round: CaseToolRound }) {
  const { servers } = useToolRoundServers()
  const server = servers.servers.find((s) => s.name.toLowerCase() === round.server.toLowerCase())
  const state = !server
    ? 'no tool server of that name: add it in Settings → Tool servers'
    : server.state.status === 'connected'
      ? 'connected'
      : server.canned.length > 0
        ? 'not connected: only its canned results answer (connect it in Settings → Tool servers)'
        : 'not connected: connect it in Settings → Tool servers before running (a case never starts it)'
  return (
    <p className="small case-tool-round" data-testid="case-tool-round">
      Tool round with <strong>{round.server}</strong>
      {round.maxRounds ? ` (at most ${round.maxRounds} rounds)` : ''}:{' '}
      <span className={server?.state.status === 'connected' ? 'muted' : 'field-error'}>{state}</span>
    </p>
  )
}
