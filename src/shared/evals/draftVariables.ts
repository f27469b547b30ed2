// Variables in a text draft: where a `{{name}}` may stand (the system prompt and its blocks, the text of every
// turn, tool descriptions) and the draft with the values filled in. The same functions serve the Text and
// Compare panels (the names the variables table lists, and Send held while any is unset) and main, which fills
// the request it sends, so the preview and the Inspector show what was really sent.
import type { Draft, DraftMessage } from '../wire/draft'
import { fillTemplate, templateNames, type Variables } from './template'

function textsOf(draft: Pick<Draft, 'system' | 'systemBlocks' | 'messages' | 'tools'>): string[] {
  const texts: string[] = []
  if (draft.system) texts.push(draft.system)
  for (const b of draft.systemBlocks ?? []) texts.push(b.text)
  for (const m of draft.messages) for (const p of m.parts) if (p.type === 'text') texts.push(p.text)
  for (const t of draft.tools ?? []) if (t.description) texts.push(t.description)
  return texts
}

/** The variables a draft uses, in order of first use. */
export function draftVariableNames(
  draft: Pick<Draft, 'system' | 'systemBlocks' | 'messages' | 'tools'>,
  extraTexts: readonly string[] = [],
): string[] {
  const names: string[] = []
  for (const text of [...textsOf(draft), ...extraTexts])
    for (const name of templateNames(text)) if (!names.includes(name)) names.push(name)
  return names
}

/** The names a draft uses that have no value. */
export function unsetVariables(
  draft: Pick<Draft, 'system' | 'systemBlocks' | 'messages' | 'tools'>,
  vars: Variables,
  extraTexts: readonly string[] = [],
): string[] {
  return draftVariableNames(draft, extraTexts).filter((n) => !Object.hasOwn(vars, n) || vars[n] === undefined)
}

/** Turns with their text parts filled. */
export function fillMessages(
  messages: readonly DraftMessage[],
  vars: Variables,
  missing: Set<string>,
): DraftMessage[] {
  const fill = (text: string) => {
    const out = fillTemplate(text, vars)
    for (const m of out.missing) missing.add(m)
    return out.text
  }
  return messages.map((m) =>
    m.parts.some((p) => p.type === 'text' && p.text.includes('{{'))
      ? { ...m, parts: m.parts.map((p) => (p.type === 'text' ? { ...p, text: fill(p.text) } : p)) }
      : m,
  )
}

/** The draft with every variable filled; those without a value stay as written and are listed. */
export function fillDraft<D extends Pick<Draft, 'system' | 'systemBlocks' | 'messages' | 'tools'>>(
  draft: D,
  vars: Variables,
): { draft: D; missing: string[] } {
  const missing = new Set<string>()
  const fill = (text: string) => {
    const out = fillTemplate(text, vars)
    for (const m of out.missing) missing.add(m)
    return out.text
  }
  const filled: D = {
    ...draft,
    messages: fillMessages(draft.messages, vars, missing),
    ...(draft.system !== undefined ? { system: fill(draft.system) } : {}),
    ...(draft.systemBlocks
      ? { systemBlocks: draft.systemBlocks.map((b) => ({ ...b, text: fill(b.text) })) }
      : {}),
    ...(draft.tools
      ? {
          tools: draft.tools.map((t) =>
            t.description === undefined ? t : { ...t, description: fill(t.description) },
          ),
        }
      : {}),
  }
  return { draft: filled, missing: [...missing] }
}
