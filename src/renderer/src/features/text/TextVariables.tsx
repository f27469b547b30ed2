// The Text panel's variables table: the names its system prompt, turns, message and tool descriptions use.
import { useMemo } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { useTextStore } from '../../stores/text'
import { variableNames } from '../../stores/form'
import { VariablesTable } from '../../components/variables/VariablesTable'

export function TextVariables() {
  const s = useTextStore(
    useShallow((x) => ({
      system: x.system,
      messages: x.messages,
      composer: x.composer,
      toolsText: x.toolsText,
      variables: x.variables,
      attempted: x.attempted,
    })),
  )
  const names = useMemo(
    () => variableNames(useTextStore.getState().draft(true).draft),
    // draft() reads these same fields through getState().
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [s.system, s.messages, s.composer, s.toolsText],
  )
  return (
    <VariablesTable
      names={names}
      values={s.variables}
      attempted={s.attempted}
      onChange={(variables) => useTextStore.getState().set({ variables })}
    />
  )
}
