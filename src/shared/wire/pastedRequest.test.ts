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
    expect(r.dropped).toEqual([
      'the x-goog-api-key header (an API key)',
      'the key query parameter (an API key)',
    ])
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
  })

  it('reads the SDK calls docs show: JavaScript objects and Python keyword arguments', () => {
    const js = readPastedRequest(`const msg = await anthropic.messages.create({
  model: 'claude-sonnet-4-5', // the model
  max_tokens: 1024,
  messages: [{ role: "user", content: \`Hello, Claude\` }],
});`)
    expect(js.format).toBe('messages')
    expect(js.body).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 1024,
      messages: [{ role: 'user', content: 'Hello, Claude' }],
    })
    expect(js.problems).toEqual([])
    const py = readPastedRequest(`from openai import OpenAI
client = OpenAI(api_key="sk-NOT-READ")
completion = client.chat.completions.create(
    model="gpt-4o",
    messages=[
        {"role": "system", "content": """You are
terse."""},
        {"role": "user", "content": 'It\\'s "here"'},
    ],
    temperature=0.2, stream=True, response_format=None,
    extra_headers={"x-trace": "1"},
    extra_body={"top_k": 5},
    api_key="sk-SECRET",
)
print(completion.choices[0].message)`)
    expect(py.format).toBe('chat')
    expect(py.body).toEqual({
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'You are\nterse.' },
        { role: 'user', content: 'It\'s "here"' },
      ],
      temperature: 0.2,
      stream: true,
      response_format: null,
      top_k: 5,
    })
    expect(py.dropped).toEqual(['the api_key field (an API key)'])
    expect(py.problems).toEqual([
      { field: 'extra_headers', why: 'a client option, not part of the request body: left out' },
    ])
    expect(JSON.stringify(py)).not.toContain('SECRET')
  })

  it('keeps what is literal and names what is not: a variable, a call, an f-string, a template', () => {
    const r = readPastedRequest(
      'client.responses.create(model="gpt-5", input=prompt, instructions=f"Be {tone}", tools=[get_tool()], temperature=.5)',
    )
    expect(r.body).toEqual({ model: 'gpt-5', temperature: 0.5 })
    expect(r.problems.map((p) => p.field)).toEqual(['input', 'instructions', 'tools'])
    expect(r.problems[0]!.why).toBe('the variable prompt, not a value: left out')
    expect(r.problems[1]!.why).toMatch(/f-string/)
    expect(r.problems[2]!.why).toMatch(/a call/)
    const js = readPastedRequest('openai.chat.completions.create({ model: "m", messages, ...rest })')
    expect(js.body).toBeNull()
    expect(js.problems[0]!.why).toMatch(/shorthand “messages”/)
    const tpl = readPastedRequest('openai.chat.completions.create({ model: `m-${n}`, messages: [] })')
    expect(tpl.problems[0]!.why).toMatch(/template/)
  })

  it('reads Gemini SDK calls into the native body: model apart, text contents, config split', () => {
    const py = readPastedRequest(`response = client.models.generate_content(
    model="gemini-2.5-flash",
    contents="Why is the sky blue?",
    config={"system_instruction": "Be brief", "max_output_tokens": 200, "temperature": 0.1},
)`)
    expect(py.format).toBe('native')
    expect(py.model).toBe('gemini-2.5-flash')
    expect(py.body).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'Why is the sky blue?' }] }],
      systemInstruction: { parts: [{ text: 'Be brief' }] },
      generationConfig: { maxOutputTokens: 200, temperature: 0.1 },
    })
    const js = readPastedRequest(
      'const r = await ai.models.generateContent({ model: "models/gemini-2.5-pro", contents: ["a", "b"] })',
    )
    expect(js.model).toBe('gemini-2.5-pro')
    expect(js.body).toEqual({ contents: [{ role: 'user', parts: [{ text: 'a' }, { text: 'b' }] }] })
    const old = readPastedRequest('model.generate_content("Tell me a joke")')
    expect(old.body).toEqual({ contents: [{ role: 'user', parts: [{ text: 'Tell me a joke' }] }] })
  })

  it("reads Windows' Copy as cURL (cmd): ^ line breaks and ^-escaped quotes", () => {
    const r = readPastedRequest(`curl ^"https://api.openai.com/v1/chat/completions^" ^
  -H ^"authorization: Bearer sk-WINSECRET^" ^
  -H ^"content-type: application/json^" ^
  --data-raw ^"^{^\\^"model^\\^":^\\^"gpt-4o^\\^",^\\^"messages^\\^":^[^{^\\^"role^\\^":^\\^"user^\\^",^\\^"content^\\^":^\\^"Hi there^\\^"^}^]^}^"`)
    expect(r.problems).toEqual([])
    expect(r.format).toBe('chat')
    expect(r.baseUrl).toBe('https://api.openai.com')
    expect(r.body).toEqual({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Hi there' }] })
    expect(JSON.stringify(r)).not.toContain('WINSECRET')
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
    expect(looksLikeRequest('const r = await openai.chat.completions.create({ model: "m" })')).toBe(true)
    expect(looksLikeRequest('response = client.messages.create(\n    model="claude",')).toBe(true)
    expect(looksLikeRequest('client.models.generate_content("Hi")')).toBe(true)
    expect(looksLikeRequest('How do I use curl to call this?')).toBe(false)
    expect(looksLikeRequest('x = create(a == b)')).toBe(false)
    expect(looksLikeRequest('{"name":"a JSON file I want explained"}')).toBe(false)
  })
})
