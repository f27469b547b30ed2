// `{{name}}` variables in prompts: found, listed and filled by one hand-written scanner (linear in the text's
// length, whatever a shared file holds). A name is letters, digits and `_`, with dotted parts (`item.question`);
// spaces inside the braces are allowed. What only a template engine would do (a Nunjucks filter such as
// `{{ name | upper }}`, a `{% tag %}`) is reported by name and left in the text as written, never run.

/** A placeholder longer than this (between the braces) is text, not a variable. */
const MAX_PLACEHOLDER = 200
/** A variable's name: letters, digits and `_`, with dotted parts. */
export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*$/
const NAME = VARIABLE_NAME

export interface TemplatePart {
  /** Literal text, or a variable's name. */
  kind: 'text' | 'var'
  value: string
}

/** What a template uses that this scanner does not fill: a filter, a tag, a comment, an unclosed brace. */
export interface TemplateFeature {
  kind: 'filter' | 'tag' | 'comment' | 'expression'
  /** The placeholder as written, shortened. */
  text: string
  /** The filter's or tag's name (`upper`, `if`), for the list of what was not mapped. */
  name: string
}

const short = (text: string) => (text.length > 60 ? `${text.slice(0, 59)}…` : text)

/** Splits a template into text and variables, with the features it could not read. */
export function parseTemplate(text: string): { parts: TemplatePart[]; features: TemplateFeature[] } {
  const parts: TemplatePart[] = []
  const features: TemplateFeature[] = []
  let literal = ''
  let i = 0
  while (i < text.length) {
    const open = text.indexOf('{', i)
    if (open < 0 || open === text.length - 1) break
    const next = text[open + 1]
    if (next !== '{' && next !== '%' && next !== '#') {
      literal += text.slice(i, open + 1)
      i = open + 1
      continue
    }
    const closer = next === '{' ? '}}' : next === '%' ? '%}' : '#}'
    // Looked for within a bounded window, so a text full of unclosed braces stays linear.
    const window = text.slice(open + 2, open + 4 + MAX_PLACEHOLDER).indexOf(closer)
    const end = window < 0 ? -1 : open + 2 + window
    if (end < 0) {
      literal += text.slice(i, open + 2)
      i = open + 2
      continue
    }
    const inner = text.slice(open + 2, end).trim()
    const whole = text.slice(open, end + 2)
    literal += text.slice(i, open)
    i = end + 2
    if (next === '{' && NAME.test(inner)) {
      if (literal) parts.push({ kind: 'text', value: literal })
      literal = ''
      parts.push({ kind: 'var', value: inner })
      continue
    }
    literal += whole
    if (next === '#') features.push({ kind: 'comment', text: short(whole), name: 'comment' })
    else if (next === '%') {
      const name = inner.replace(/^-/, '').trim().split(/\s+/)[0] ?? ''
      features.push({ kind: 'tag', text: short(whole), name: name || '%' })
    } else {
      const bar = inner.indexOf('|')
      if (bar > 0 && NAME.test(inner.slice(0, bar).trim())) {
        const name = (inner
          .slice(bar + 1)
          .trim()
          .match(/^[A-Za-z_][A-Za-z0-9_]*/) ?? ['|'])[0]
        features.push({ kind: 'filter', text: short(whole), name })
      } else features.push({ kind: 'expression', text: short(whole), name: short(inner) })
    }
  }
  literal += text.slice(i)
  if (literal) parts.push({ kind: 'text', value: literal })
  return { parts, features }
}

/** The variable names a text uses, in order of first use. */
export function templateNames(text: string): string[] {
  if (!text.includes('{{')) return []
  const names: string[] = []
  for (const p of parseTemplate(text).parts)
    if (p.kind === 'var' && !names.includes(p.value)) names.push(p.value)
  return names
}

/** Variables by name; a name with no value (or not listed) is unset. */
export type Variables = Readonly<Record<string, string | undefined>>

/**
 * The text with every variable that has a value filled in; unset ones stay as written and are listed. Values
 * are inserted as they are (never read as templates themselves, so a value cannot bring in another variable).
 */
export function fillTemplate(text: string, vars: Variables): { text: string; missing: string[] } {
  if (!text.includes('{{')) return { text, missing: [] }
  const missing: string[] = []
  let out = ''
  for (const p of parseTemplate(text).parts) {
    if (p.kind === 'text') out += p.value
    else {
      const value = Object.hasOwn(vars, p.value) ? vars[p.value] : undefined
      if (value === undefined) {
        if (!missing.includes(p.value)) missing.push(p.value)
        out += `{{${p.value}}}`
      } else out += value
    }
  }
  return { text: out, missing }
}

/** Renames variables in a template (`item.question` → `question`); other text is kept as written. */
export function renameVariables(text: string, rename: (name: string) => string): string {
  if (!text.includes('{{')) return text
  return parseTemplate(text)
    .parts.map((p) => (p.kind === 'text' ? p.value : `{{${rename(p.value)}}}`))
    .join('')
}
