// An answer read as JSON the way checks read it: models often fence JSON in a code block, and the fence is not
// part of the value. Linear string work (a regex this replaced backtracked on hostile answers).

/** The answer without a code fence around it. */
export function unfence(text: string): string {
  const t = text.trim()
  if (t.length < 7 || !t.startsWith('```') || !t.endsWith('```')) return text
  const open = t.indexOf('\n')
  const close = t.lastIndexOf('\n')
  if (open < 0 || close <= open) return text
  const info = t.slice(3, open).trim()
  if ((info !== '' && info !== 'json') || t.slice(close + 1).trim() !== '```') return text
  return t.slice(open + 1, close)
}

export function parseAnswerJson(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  try {
    return { ok: true, value: JSON.parse(unfence(text)) }
  } catch (error) {
    return { ok: false, reason: (error as Error).message }
  }
}
