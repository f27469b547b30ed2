// Code export of an embeddings or rerank request. It is the shared code export (credentials as an environment
// variable) over a body that stays readable: a batch too large to paste is cut to its first items, and the
// caller is told how many were left out. Invariant: the snippets stay far below the 256 KB IPC message (M1).
import { exportCode, type CodeSnippets } from '../wire/codeExport'

/** Body characters (as JSON) above which the list in the snippets is cut. */
export const CODE_BODY_CHARS = 24_000
const KEPT_ITEMS = 3

export interface EmbeddingsCode {
  code: CodeSnippets
  /** Set when the snippets carry fewer items than the request: "3 of 1,000 inputs". */
  shortened: string | null
}

/** The list a body of endpoint 7-10 carries (`input`, `requests`, `documents`), if it is an array. */
function listKey(body: Record<string, unknown>): 'input' | 'requests' | 'documents' | null {
  for (const key of ['input', 'requests', 'documents'] as const) if (Array.isArray(body[key])) return key
  return null
}

export function exportEmbeddingsCode(request: {
  method: 'POST'
  url: string
  headers: Record<string, string>
  body: unknown
}): EmbeddingsCode {
  const text = typeof request.body === 'string' ? request.body : JSON.stringify(request.body)
  let body: unknown = request.body
  let shortened: string | null = null
  if (text.length > CODE_BODY_CHARS) {
    let parsed: unknown = null
    try {
      parsed = typeof request.body === 'string' ? JSON.parse(request.body) : request.body
    } catch {
      parsed = null
    }
    const key = parsed && typeof parsed === 'object' ? listKey(parsed as Record<string, unknown>) : null
    if (key) {
      const list = (parsed as Record<string, unknown[]>)[key]!
      body = { ...(parsed as object), [key]: list.slice(0, KEPT_ITEMS) }
      shortened = `${KEPT_ITEMS} of ${list.length.toLocaleString('en-US')} ${key === 'documents' ? 'documents' : 'inputs'}`
    } else {
      body = text.slice(0, CODE_BODY_CHARS)
      shortened = `the first ${CODE_BODY_CHARS.toLocaleString('en-US')} characters of the body`
    }
  }
  return { code: exportCode({ ...request, body }), shortened }
}
