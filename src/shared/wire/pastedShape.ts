// Whether pasted text is a request to bring into the Text form (a curl command, an SDK call, a JSON request body)
// rather than words for the message: a look at its first characters only, so the message box can ask at once;
// the reading itself (pastedRequest.ts, with its shell parser) is fetched when needed.
/** Whether `text` looks like a request to bring in (a curl command, an SDK call, a JSON request body). */
export function looksLikeRequest(text: string): boolean {
  const t = text.trimStart()
  if (/^(\$\s+)?curl(\.exe)?\s/i.test(t)) return true
  // An SDK call: `client.chat.completions.create({…})`, `create(model="…", …)`, `generate_content("…")`, after
  // `const r = await` or `response =`.
  const call = t.replace(/^((await|const|let|var)\s+|[\w$]+\s*=\s*)+/, '')
  if (/^[\w.$]*\.(create|generate_?content(_?stream)?|stream)\s*\(\s*(\{|\*\*|[A-Za-z_]\w*\s*=[^=]|["'])/i.test(call))
    return true
  if (!t.startsWith('{')) return false
  return /"(messages|contents|input)"\s*:/.test(t.slice(0, 20_000)) && /"model"|"contents"/.test(t.slice(0, 20_000))
}
