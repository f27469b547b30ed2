import { describe, expect, it } from 'vitest'
import { PASTE_MAX_CHARS, readPastedRequest } from './pastedRequest'
import { looksLikeRequest } from './pastedShape'

const CHROME_CURL = `curl 'https://api.openai.com/v1/chat/completions' \\
  -H 'accept: */*' \\
  -H 'authorization: Bearer sk-proj-SECRET123' \\
  -H 'content-type: application/json' \\
  --data-raw $'{"model":"gpt-4o","temperature":0.2,"messages":[{"role":"system","content":"Be brief"},{"role":"user","content":"it\\'s here"}]}' \\
  --compressed`

describe('readPastedRequest', () => {
  it('reads a browser-copied curl: format and base URL from the path, the body, and drops the key', () => {
    const r = readPastedRequest(CHROME_CURL)
    expect(r.kind).toBe('curl')
    expect(r.format).toBe('chat')
    expect(r.formatFrom).toBe('path')
    expect(r.baseUrl).toBe('https://api.openai.com')
    expect(r.body).toMatchObject({ model: 'gpt-4o', temperature: 0.2 })
    expect(JSON.stringify(r.body)).toContain("it's here")
    expect(r.dropped).toEqual(['the authorization header (an API key)'])
    expect(JSON.stringify(r)).not.toContain('SECRET123')
    expect(r.problems).toEqual([])
  })

  it('reads vendor-doc curl with double quotes, -d and a key in the URL of a native path', () => {
    const r = readPastedRequest(
      `curl "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse&key=AIzaSECRET" \\\r\n -H "x-goog-api-key: $GEMINI_API_KEY" -H "Content-Type: application/json" \\\n -X POST -d '{"contents":[{"parts":[{"text":"Hi"}]}]}'`,
    )
    expect(r.format).toBe('native')
    expect(r.model).toBe('gemini-2.5-flash')
    expect(r.stream).toBe(true)
    expect(r.baseUrl).toBe('https://generativelanguage.googleapis.com')
    expect(r.dropped).toEqual(['the x-goog-api-key header (an API key)', 'the key query parameter (an API key)'])
    expect(JSON.stringify(r)).not.toContain('AIzaSECRET')
  })

  it('tells Messages from chat by Anthropic headers or a top-level system, and names what it cannot read', () => {
    const r = readPastedRequest(
      `curl https://api.anthropic.com/v1/messages -H "x-api-key: sk-ant-XYZ" -H "anthropic-version: 2023-06-01" -H "x-custom: 1" --retry 3 --frobnicate -d '{"model":"claude-sonnet-4","max_tokens":100,"messages":[{"role":"user","content":"Hi"}]}' | jq .`,
    )
    expect(r.format).toBe('messages')
    expect(r.dropped).toEqual(['the x-api-key header (an API key)'])
    expect(r.problems.map((p) => p.field)).toEqual(['the command', '--frobnicate', 'header x-custom'])
    const body = readPastedRequest('{"model":"m","system":"S","messages":[{"role":"user","content":"Hi"}]}')
    expect(body.format).toBe('messages')
    expect(body.formatFrom).toBe('body')
    expect(readPastedRequest('{"model":"m","input":"Hi"}').format).toBe('responses')
    expect(readPastedRequest('{"model":"m","messages":[{"role":"user","content":"x"}]}').format).toBe('chat')
  })

  it('reads an SDK call by its method and its JSON argument, and says when the argument is not JSON', () => {
    const r = readPastedRequest(
      'const r = await client.responses.create({"model": "gpt-4.1", "messages": [], "input": "Hi", "api_key": "sk-1"})',
    )
    expect(r.kind).toBe('sdk')
    expect(r.format).toBe('responses')
    expect(r.formatFrom).toBe('sdk')
    expect(r.body).toEqual({ model: 'gpt-4.1', messages: [], input: 'Hi' })
    expect(r.dropped).toEqual(['the api_key field (an API key)'])
    const js = readPastedRequest("client.messages.create({ model: 'claude', messages: [] })")
    expect(js.body).toBeNull()
    expect(js.problems[0]!.field).toBe('the call’s argument')
    expect(js.problems[0]!.why).toMatch(/not JSON.*double quotes/)
  })

  it('survives hostile input: unbalanced quotes, invalid UTF-16, huge text, no URL, shell tricks', () => {
    const open = readPastedRequest(`curl https://x.test/v1/chat/completions -d '{"model":"m"`)
    expect(open.problems.map((p) => p.field)).toContain('the command')
    expect(open.problems.find((p) => p.field === 'the command')!.why).toMatch(/quote is never closed/)
    expect(open.problems.map((p) => p.field)).toContain('the body')
    const lone = readPastedRequest(`{"model":"m\uD800","messages":[{"role":"user","content":"\uDFFF"}]}`)
    expect(lone.format).toBe('chat')
    const huge = readPastedRequest('curl ' + 'a'.repeat(PASTE_MAX_CHARS))
    expect(huge.body).toBeNull()
    expect(huge.problems[0]!.why).toMatch(/more than/)
    const nothing = readPastedRequest('curl -s')
    expect(nothing.problems.map((p) => p.field)).toEqual(['URL', 'the body'])
    const tricks = readPastedRequest('curl $(rm -rf /) `id` https://x.test/v1/responses -d @secrets.json')
    expect(tricks.problems.some((p) => p.why.includes('only the curl command is read'))).toBe(true)
    const bigBody = readPastedRequest(
      `curl https://x.test/v1/chat/completions -d '{"model":"m","messages":[{"role":"user","content":"${'x'.repeat(1_000_000)}"}]}'`,
    )
    expect(bigBody.format).toBe('chat')
    expect(readPastedRequest('curl ftp://x.test/a -d "{}"').problems[0]!.why).toMatch(/not http/)
  })
})

describe('looksLikeRequest', () => {
  it('knows a request from words for the message', () => {
    expect(looksLikeRequest(CHROME_CURL)).toBe(true)
    expect(looksLikeRequest('$ curl https://x.test')).toBe(true)
    expect(looksLikeRequest('{"model":"m","messages":[]}')).toBe(true)
    expect(looksLikeRequest('client.chat.completions.create({"model":"m"})')).toBe(true)
    expect(looksLikeRequest('How do I use curl to call this?')).toBe(false)
    expect(looksLikeRequest('{"name":"a JSON file I want explained"}')).toBe(false)
  })
})
