// The dataset's columns as the table changes them: one added, renamed or deleted in main (the name checked here
// first with main's words, so the error shows at once once the user acted), the delete undone until the next edit.
// A rename is remembered for the dataset, so the prompt can say which `{{variable}}` it still uses under the old
// name and offer the new one.
import { create } from 'zustand'
import { columnNameProblem } from '../../../../shared/evals/columnName'
import { renameVariables, templateNames } from '../../../../shared/evals/template'
import { evalsCalls } from '../../ipc/evalsCalls'
import { useDatasetTable } from './datasetTable'
import { useEvalsStore } from './evalsStore'

type Edit = Parameters<typeof evalsCalls.editColumns>[1]

interface ColumnsState {
  /** The last column deleted and the table's edit count after it (Undo holds while no other edit came). */
  deleted: { datasetId: string; name: string; values: number; atEdit: number } | null
  /** Columns renamed in this dataset, old name → new name, oldest first. */
  renamed: { datasetId: string; from: string; to: string }[]
  /** Answers the problem (named field and rule), or null once main took it. */
  add(name: string): Promise<string | null>
  rename(column: number, name: string): Promise<string | null>
  remove(column: number): Promise<string | null>
  undo(): Promise<string | null>
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error))

export const useDatasetColumns = create<ColumnsState>((set) => {
  const send = async (edit: Edit, check?: () => string | null) => {
    const d = useEvalsStore.getState().dataset
    if (!d) return 'Dataset: import a file first'
    const problem = check?.()
    if (problem) return problem
    try {
      const answer = await evalsCalls.editColumns(d.datasetId, edit)
      const now = useEvalsStore.getState().dataset
      if (now?.datasetId === d.datasetId)
        useEvalsStore.setState({ dataset: { ...now, columns: answer.columns, rowCount: answer.rowCount } })
      useDatasetTable.getState().reload(answer.rowCount, edit.kind !== 'rename')
      return null
    } catch (error) {
      return message(error)
    }
  }
  const columns = () => useEvalsStore.getState().dataset?.columns ?? []
  return {
    deleted: null,
    renamed: [],

    add: (name) => send({ kind: 'add', name }, () => columnNameProblem(name, columns())),

    async rename(column, name) {
      const from = columns()[column]
      if (from === name) return null
      const problem = await send({ kind: 'rename', column, name }, () =>
        columnNameProblem(name, columns(), column),
      )
      const datasetId = useEvalsStore.getState().dataset?.datasetId
      if (!problem && from && datasetId)
        set((s) => ({
          renamed: [
            // A name renamed again follows on (a → b → c is a → c); one renamed back (a → b → a) is no longer stale.
            ...s.renamed
              .filter((r) => r.datasetId === datasetId)
              .map((r) => (r.to === from ? { ...r, to: name } : r))
              .filter((r) => r.from !== r.to && r.from !== from),
            { datasetId, from, to: name },
          ],
        }))
      return problem
    },

    async remove(column) {
      const d = useEvalsStore.getState().dataset
      const name = columns()[column]
      const problem = await send({ kind: 'delete', column })
      if (!problem && d && name)
        set({
          deleted: {
            datasetId: d.datasetId,
            name,
            values: d.rowCount,
            atEdit: useDatasetTable.getState().edits,
          },
        })
      return problem
    },

    async undo() {
      const problem = await send({ kind: 'undoDelete' })
      set({ deleted: null })
      return problem
    },
  }
})

/** The prompt's `{{variables}}` still written under a column's old name (the column renamed, the old name gone). */
export function staleVariables(
  text: string,
  renamed: ColumnsState['renamed'],
  datasetId: string | undefined,
  columns: readonly string[],
): { from: string; to: string }[] {
  const used = templateNames(text)
  const out: { from: string; to: string }[] = []
  for (const r of renamed)
    if (
      r.datasetId === datasetId &&
      used.includes(r.from) &&
      !columns.includes(r.from) &&
      columns.includes(r.to)
    )
      out.push({ from: r.from, to: r.to })
  return out
}

/** The system prompt and user message with `from` written as `to`. */
export function writeNewName(from: string, to: string): void {
  const s = useEvalsStore.getState()
  const swap = (t: string) => renameVariables(t, (n) => (n === from ? to : n))
  s.setPrompt({ system: swap(s.system), user: swap(s.user) })
}
