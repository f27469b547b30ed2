// `npm run replay` on streams captured from the simulator: the folded result equals what a live run showed.
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { replayCapture } from '../../src/main/services/text/replay'
import { formats, WIRE_FORMATS, type WireFormat } from '../../src/shared/wire'

const run = promisify(execFile)
const ROOT = resolve(import.meta.dirname, '../..')
let sim: RunningSimulator
let dir: string

async function capture(format: WireFormat, text: string, fault?: string): Promise<string> {
  const built = formats[format].build({
    model: 'sim-model',
    stream: true,
    maxTokens: 300,
    messages: [{ role: 'user', parts: [{ type: 'text', text }] }],
    tools: [
      {
        name: 'lookup',
        description: 'Look up a word',
        parameters: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },
      },
    ],
  })
  const res = await fetch(sim.baseUrl + built.path, {
    method: 'POST',
    headers: {
      ...built.headers,
      authorization: 'Bearer k',
      'x-vendor-api-key': 'k',
      ...(fault ? { 'x-sim-fault': fault } : {}),
    },
    body: JSON.stringify(built.body),
  })
  return res.text().catch(() => '')
}

beforeAll(async () => {
  sim = await createSimulator({ apiKey: 'k' })
  dir = mkdtempSync(join(tmpdir(), 'replay-'))
})
afterAll(async () => {
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('replay', () => {
  it.each(WIRE_FORMATS)('folds a captured %s stream with a tool call', async (format) => {
    const raw = await capture(format, 'please lookup the word lighthouse')
    const result = replayCapture(format, raw)
    expect(result.status).toBe('complete')
    expect(result.toolCalls[0]).toMatchObject({
      name: 'lookup',
      parsedArguments: { word: expect.any(String) },
    })
    expect(result.usage?.output).toBeGreaterThan(0)
    expect(result.finish).toBe('tool_calls')
  })

  it('reports a truncated capture as incomplete', async () => {
    const raw = await capture('messages', 'tell me about ships', 'drop:4')
    expect(replayCapture('messages', raw).status).toBe('incomplete')
  })

  it('runs as npm run replay and prints JSON; refuses a bad format naming the choices', async () => {
    const file = join(dir, 'chat.sse')
    writeFileSync(file, await capture('chat', 'hello replay'))
    const { stdout } = await run('npm', ['run', '-s', 'replay', '--', '--format', 'chat', file], {
      cwd: ROOT,
    })
    const printed = JSON.parse(stdout)
    expect(printed).toMatchObject({ format: 'chat', status: 'complete' })
    expect(printed.text.length).toBeGreaterThan(5)
    const bad = await run('npm', ['run', '-s', 'replay', '--', '--format', 'xml', file], { cwd: ROOT }).catch(
      (e) => e,
    )
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--format must be one of chat, responses, messages, native')
  })
})
