// When the model calls tools, the user answers each call and continues; the next request carries the results in
// the format's own shape (tool message, function_call_output, tool_result, functionResponse). The round itself is
// the shared ToolRoundForm; here it is wired to the tool servers' store and to the Text panel's send. The rounds
// sent in a row without the user are counted here (the Text panel has one round at a time).
import { useMemo } from 'react'
import type { ToolCall } from '../../../../shared/wire'
import { useTextStore } from '../../stores/text'
import { useToolRoundServers } from '../../stores/tools'
import { ToolRoundForm } from '../../components/toolRound/ToolRoundForm'

let autoRoundsInARow = 0

export function ToolResultsForm({ calls }: { calls: ToolCall[] }) {
  const { servers, actions } = useToolRoundServers()
  const sendToolResults = useTextStore((s) => s.sendToolResults)
  const autoRounds = useMemo(() => autoRoundsInARow, [])
  return (
    <ToolRoundForm
      calls={calls}
      servers={servers}
      actions={actions}
      autoRounds={autoRounds}
      onSubmit={(results, automatic) => {
        autoRoundsInARow = automatic ? autoRoundsInARow + 1 : 0
        void sendToolResults(results)
      }}
    />
  )
}
