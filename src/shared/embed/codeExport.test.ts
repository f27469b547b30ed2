import { describe, expect, it } from 'vitest'
import { CODE_BODY_CHARS, exportEmbeddingsCode } from './codeExport'

const request = (body: unknown) => ({
  method: 'POST' as const,
  url: 'https://gw.example.com/v1beta/models/vendor-embedding-001:batchEmbedContents?key=***',
  headers: { 'content-type': 'application/json' },
  body,
})

describe('embeddings code export', () => {
  it('keeps a small batch whole and reads the key from the environment', () => {
    const { code, shortened } = exportEmbeddingsCode(
      request({ requests: [{ content: { parts: [{ text: 'hi' }] } }] }),
    )
    expect(shortened).toBeNull()
    expect(code.curl).toContain(`key='"$GATEWAY_API_KEY"`)
    expect(code.curl).toContain('"text": "hi"')
  })

  it('cuts a large batch to its first items and says how many it left out', () => {
    const input = Array.from({ length: 1000 }, (_, i) => `sentence number ${i} with some words in it`)
    const { code, shortened } = exportEmbeddingsCode({
      ...request({ model: 'text-embedding-3-large', input }),
      url: 'https://gw.example.com/v1/embeddings',
      headers: { authorization: 'Bearer ***' },
    })
    expect(shortened).toBe('3 of 1,000 inputs')
    for (const snippet of Object.values(code)) expect(snippet.length).toBeLessThan(CODE_BODY_CHARS)
    expect(code.python).toContain('sentence number 2 ')
    expect(code.python).not.toContain('sentence number 3 ')
    expect(code.typescript).toContain('GATEWAY_API_KEY')
  })

  it('cuts a hand-edited body without a list to a bounded length', () => {
    const { code, shortened } = exportEmbeddingsCode(request(JSON.stringify({ note: 'x'.repeat(100_000) })))
    expect(shortened).toContain('characters')
    expect(code.curl.length).toBeLessThan(CODE_BODY_CHARS + 1000)
  })
})
