// The `{{name}}` variables of a Text or Compare draft: the names its prompt uses (system prompt, turns, the
// composer, tool descriptions), the values the request carries for main to fill in, and the issue that holds Send
// while any has none. An empty value counts as unset, so a cleared box never sends an empty string by surprise.
import { draftVariableNames } from '../../../../shared/evals/draftVariables'
import type { Draft } from '../../../../shared/wire'

type Texts = Pick<Draft, 'system' | 'systemBlocks' | 'messages' | 'tools'>

/** The names a draft uses, in order of first use. */
export const variableNames = (draft: Texts): string[] => draftVariableNames(draft)

/** The names among `names` with no value (missing or empty). */
const unsetNames = (names: readonly string[], values: Readonly<Record<string, string>> | undefined) =>
  names.filter((n) => !values?.[n])

/**
 * What a request carries for the draft's variables: the values of the names it uses (set ones only), or nothing
 * when it uses none (then a `{{` in it is plain text to main as well).
 */
export function requestVariables(
  draft: Texts,
  values: Readonly<Record<string, string>> | undefined,
  extraTexts: readonly string[] = [],
): { variables?: Record<string, string> } {
  const names = draftVariableNames(draft, extraTexts)
  if (names.length === 0) return {}
  const variables: Record<string, string> = {}
  for (const n of names) if (values?.[n]) variables[n] = values[n]
  return { variables }
}

/** The issue that holds Send while a name has no value ("Send anyway" sends the placeholders as written). */
export function unsetVariablesIssue(
  draft: Texts,
  values: Readonly<Record<string, string>> | undefined,
): { field: 'variables'; message: string; forceable: true } | null {
  const unset = unsetNames(variableNames(draft), values)
  if (unset.length === 0) return null
  return {
    field: 'variables',
    message: `Variables: no value for ${unset.map((n) => `{{${n}}}`).join(', ')}`,
    forceable: true,
  }
}
