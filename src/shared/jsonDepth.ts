// How deep a JSON text from outside (a body, a file, a socket message, a gateway's answer) may nest, checked by a
// linear scan with no recursion before it is parsed (S9): JSON.stringify, structured clone, zod and jsonc-parser
// recurse once per level, so 200 KB of `[` parsed and then passed on would overflow the stack. A leaf module
// (no imports), so browser mode's socket can load it before the rest of the app.

/** The deepest nesting of arrays and objects accepted in a JSON text from outside. */
export const MAX_JSON_DEPTH = 256

/**
 * JSON.parse for a text from outside, with nesting bounded (see MAX_JSON_DEPTH): a deeper text throws a
 * SyntaxError that says so, as a malformed one does, so no later step (stringify, clone, a walk) can overflow.
 */
export function parseJsonBounded(text: string, maxDepth = MAX_JSON_DEPTH): unknown {
  const deep = tooDeepAt(text, maxDepth)
  if (deep >= 0) throw new SyntaxError(`JSON nested deeper than ${maxDepth} levels (at character ${deep})`)
  return JSON.parse(text)
}

/** The offset of the first bracket past `maxDepth` levels, or -1; strings are skipped. One pass, no recursion. */
export function tooDeepAt(text: string, maxDepth = MAX_JSON_DEPTH): number {
  // Each level opens with its own bracket: a text no longer than the bound cannot pass it (a stream's frames).
  if (text.length <= maxDepth) return -1
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92)
        i++ // a backslash: the next character is escaped
      else if (c === 34) inString = false
    } else if (c === 34) inString = true
    else if (c === 91 || c === 123) {
      if (++depth > maxDepth) return i
    } else if (c === 93 || c === 125) depth--
  }
  return -1
}
