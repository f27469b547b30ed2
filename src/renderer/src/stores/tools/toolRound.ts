// The tool servers as a tool round reads them (their views and tools, kept in step with main by the tools store)
// and the calls a round makes on them, for the panels that answer a model's tool calls (Text, Compare).
import { useEffect, useMemo } from 'react'
import type { RoundServers, ToolRoundActions } from '../../../../shared/tools/toolRound'
import { useToolServersStore } from './toolServersStore'

const store = () => useToolServersStore.getState()

/** The calls a round makes: run, canned answer, keep as canned, always allow, stop (by the model's call id). */
export const toolRoundActions: ToolRoundActions = {
  call: (id, name, args, tag) => store().call(id, name, args, tag),
  answerCanned: (id, name, tag) => store().answerCanned(id, name, tag),
  putCanned: (id, tool, result) => store().putCanned(id, tool, result),
  setAlwaysAllow: (id, tool, allow) => store().setAlwaysAllow(id, tool, allow),
  stopCall: (id, tag) => store().stopCall(id, tag),
}

/** The servers and their tools as one value that changes when either does (watched from main once read). */
export function useToolRoundServers(): { servers: RoundServers; actions: ToolRoundActions } {
  const servers = useToolServersStore((s) => s.servers)
  const tools = useToolServersStore((s) => s.tools)
  const loaded = useToolServersStore((s) => s.loaded)
  useEffect(() => {
    if (!loaded) void store().watch()
  }, [loaded])
  return { servers: useMemo(() => ({ servers, tools }), [servers, tools]), actions: toolRoundActions }
}

/** The servers and their tools now (outside React). */
export function roundServersNow(): RoundServers {
  const { servers, tools } = store()
  return { servers, tools }
}
