// A dataset column's name as the table adds or renames it: the name is the prompt's `{{variable}}`, so it must be
// one (letters, digits and _, not starting with a digit; dotted parts allowed as the import allows), not start
// with `__` (promptfoo's fields), fit the bound and be unique. The problem names the field and the rule; main and
// the panel check with the same words.
import { VARIABLE_NAME } from './template'

export const COLUMN_NAME_MAX = 200

/** What is wrong with `name` as a column among `columns` (`except`: the column being renamed), or null. */
export function columnNameProblem(name: string, columns: readonly string[], except = -1): string | null {
  if (name.trim() === '') return 'Column name: write a name'
  if (name.length > COLUMN_NAME_MAX) return `Column name: at most ${COLUMN_NAME_MAX} characters`
  if (name.startsWith('__')) return 'Column name: must not start with __ (kept for promptfoo fields)'
  if (!VARIABLE_NAME.test(name))
    return 'Column name: a {{variable}} name: letters, digits and _, not starting with a digit or holding spaces'
  const at = columns.indexOf(name)
  if (at >= 0 && at !== except) return `Column name: "${name}" is already a column`
  return null
}
