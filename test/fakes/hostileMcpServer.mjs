// A tool server (MCP over stdio) that misbehaves on purpose, one way per mode (the first argument), for the tests
// of what the app does with servers written by others. It speaks just enough of the protocol by hand to get to its
// misbehaviour: initialize, tools/list and tools/call.
//   invalid       answers calls with lines that are not JSON-RPC (and writes garbage between them)
//   invalid-init  answers initialize with broken JSON that still names the request's id
//   huge          answers a call with a result of 100 MB
//   many-tools    lists 100,000 tools in one answer
//   endless-pages lists tools a page at a time, with a next page forever
//   silent        never answers anything
//   silent-call   answers everything but calls
//   exit-mid-call exits (code 3) when a call arrives, after a word on stderr
//   stderr-flood  writes to stderr without end, and answers calls as it does
//   well          behaves (a tool `ping` answering "pong")
import { createInterface } from 'node:readline'
import { setImmediate } from 'node:timers'

const mode = process.argv[2] ?? 'well'
const out = (message) => process.stdout.write(JSON.stringify(message) + '\n')
const answer = (id, result) => out({ jsonrpc: '2.0', id, result })
const tool = (name) => ({
  name,
  description: `The ${name} tool`,
  inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
})

if (mode === 'stderr-flood') {
  const line = 'x'.repeat(1023) + '\n'
  const chunk = line.repeat(64)
  const flood = () => process.stderr.write(chunk, () => setImmediate(flood))
  flood()
}

const lines = createInterface({ input: process.stdin })
lines.on('line', (text) => {
  let m
  try {
    m = JSON.parse(text)
  } catch {
    return
  }
  if (mode === 'silent' || m.id === undefined) return
  switch (m.method) {
    case 'initialize':
      if (mode === 'invalid-init') {
        process.stdout.write(`{"jsonrpc":"2.0","id":${m.id},"result":{"protocolVersion": oops}\n`)
        return
      }
      answer(m.id, {
        protocolVersion: m.params.protocolVersion,
        capabilities: { tools: {} },
        serverInfo: { name: `hostile-${mode}`, version: '1.0.0' },
      })
      return
    case 'tools/list': {
      if (mode === 'many-tools') {
        const tools = Array.from({ length: 100_000 }, (_, i) => ({
          name: `t${i}`,
          inputSchema: { type: 'object' },
        }))
        answer(m.id, { tools })
        return
      }
      if (mode === 'endless-pages') {
        const page = Number(m.params?.cursor ?? 0)
        const tools = Array.from({ length: 300 }, (_, i) => tool(`p${page}_${i}`))
        answer(m.id, { tools, nextCursor: String(page + 1) })
        return
      }
      answer(m.id, { tools: [tool('ping')] })
      return
    }
    case 'tools/call':
      if (mode === 'silent-call') return
      if (mode === 'exit-mid-call') {
        process.stderr.write('about to fail: the call cannot be served\n', () => process.exit(3))
        return
      }
      if (mode === 'invalid') {
        process.stdout.write('this is not JSON\n')
        out({ jsonrpc: '2.0', id: m.id, result: 'a result that is not an object' })
        return
      }
      if (mode === 'huge') {
        writeHuge(m.id)
        return
      }
      answer(m.id, { content: [{ type: 'text', text: 'pong' }] })
      return
    default:
      out({ jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'Method not found' } })
  }
})

/** A result of 100 MB, written as the SDK's servers write one: the result first, the id last. */
function writeHuge(id) {
  const piece = 'a'.repeat(1024 * 1024)
  let left = 100
  process.stdout.write('{"result":{"content":[{"type":"text","text":"')
  const next = () => {
    while (left > 0) {
      left--
      if (!process.stdout.write(piece)) return void process.stdout.once('drain', next)
    }
    process.stdout.write(`"}]},"jsonrpc":"2.0","id":${id}}\n`)
  }
  next()
}
