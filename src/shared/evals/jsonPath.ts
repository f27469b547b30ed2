// A JSON path reader for "JSON path equals": `$`, `.name`, `['name']` / `["name"]` and `[index]` (negative counts
// from the end), nothing else, so a path from a shared file selects one value and never runs anything (no
// filters, no scripts, no wildcards). Reading is linear in the path's length.

export type PathStep = string | number

/** The path's steps, or why it cannot be read (with the character where it fails). */
export function parseJsonPath(
  path: string,
): { ok: true; steps: PathStep[] } | { ok: false; message: string } {
  const steps: PathStep[] = []
  let i = path.startsWith('$') ? 1 : 0
  const fail = (why: string) => ({
    ok: false as const,
    message: `JSON path: ${why} at character ${i + 1} of ${path}`,
  })
  // A path without `$` starts with a name (`answer.city`).
  if (i === 0 && path.length > 0 && path[0] !== '[' && path[0] !== '.') path = `.${path}`
  while (i < path.length) {
    const c = path[i]
    if (c === '.') {
      let j = i + 1
      while (j < path.length && path[j] !== '.' && path[j] !== '[') j++
      const name = path.slice(i + 1, j)
      if (!name) return fail('a name is missing after "."')
      if (name === '*') return fail('wildcards are not supported')
      steps.push(name)
      i = j
    } else if (c === '[') {
      const q = path[i + 1]
      if (q === "'" || q === '"') {
        let j = i + 2
        let name = ''
        while (j < path.length && path[j] !== q) {
          if (path[j] === '\\' && j + 1 < path.length) j++
          name += path[j]
          j++
        }
        if (path[j] !== q || path[j + 1] !== ']') return fail('a quoted name is not closed with ' + q + ']')
        steps.push(name)
        i = j + 2
      } else {
        const close = path.indexOf(']', i)
        const inner = close < 0 ? '' : path.slice(i + 1, close).trim()
        if (!/^-?\d{1,9}$/.test(inner))
          return fail("write an index such as [0] or a quoted name such as ['a b']")
        steps.push(Number(inner))
        i = close + 1
      }
    } else return fail(`unexpected "${c}"`)
  }
  return { ok: true, steps }
}

/** The value at the path, or `found: false` with the step that was missing. */
export function readJsonPath(
  value: unknown,
  steps: readonly PathStep[],
): { found: true; value: unknown } | { found: false; at: string } {
  let node = value
  let at = '$'
  for (const step of steps) {
    if (typeof step === 'number') {
      at += `[${step}]`
      if (!Array.isArray(node)) return { found: false, at }
      const index = step < 0 ? node.length + step : step
      if (index < 0 || index >= node.length) return { found: false, at }
      node = node[index]
    } else {
      at += /^[A-Za-z_$][\w$]*$/.test(step) ? `.${step}` : `[${JSON.stringify(step)}]`
      if (node === null || typeof node !== 'object' || Array.isArray(node) || !Object.hasOwn(node, step))
        return { found: false, at }
      node = (node as Record<string, unknown>)[step]
    }
  }
  return { found: true, value: node }
}

/** Deep equality of JSON values (object keys in any order). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a)) {
    const bb = b as unknown[]
    return a.length === bb.length && a.every((x, i) => jsonEqual(x, bb[i]))
  }
  const ka = Object.keys(a as object)
  const kb = Object.keys(b as object)
  return (
    ka.length === kb.length &&
    ka.every(
      (k) =>
        Object.hasOwn(b as object, k) &&
        jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    )
  )
}
