// What each format loses of the real test servers' tool schemas (server-everything and server-filesystem in a temp
// folder), as Compare lists it: chat completions, Responses and Messages carry every schema whole; native
// generateContent's OpenAPI subset has no `$schema`, which every one of their tools declares.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { translationLoss } from '../../src/shared/wire/lossiness'
import type { Draft } from '../../src/shared/wire'
import { EVERYTHING, FILESYSTEM, connected, stdioFields, toolServers } from '../fakes/toolServerHarness'

const { service } = toolServers()
const dir = mkdtempSync(join(tmpdir(), 'schema-loss-'))
let draft: Draft

beforeAll(async () => {
  const everything = await connected(service, stdioFields('everything', [EVERYTHING, 'stdio']))
  const filesystem = await connected(service, stdioFields('filesystem', [FILESYSTEM, dir]))
  const tools = [...service.tools(everything.id), ...service.tools(filesystem.id)]
  expect(tools.length).toBeGreaterThan(20)
  draft = {
    model: 'm',
    stream: true,
    messages: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }],
    tools: tools.map((t) => ({ name: t.name, description: t.description ?? '', parameters: t.inputSchema })),
  }
})
afterAll(async () => {
  await service.close()
  rmSync(dir, { recursive: true, force: true })
})

const schemaLosses = (format: 'chat' | 'responses' | 'messages' | 'native') =>
  translationLoss(draft, format).filter((w) => /^tools\[\d+\]/.test(w.path))

describe("what each format loses of the test servers' tool schemas", () => {
  it('chat completions, Responses and Messages carry every tool schema whole', () => {
    expect(schemaLosses('chat')).toEqual([])
    expect(schemaLosses('responses')).toEqual([])
    expect(schemaLosses('messages')).toEqual([])
  })

  it('native names $schema in every tool, and nothing else', () => {
    const lost = schemaLosses('native')
    expect(lost).toHaveLength(draft.tools!.length)
    for (const [i, w] of lost.entries()) {
      expect(w.path).toBe(`tools[${i}].parameters`)
      expect(w.message).toContain(`has no $schema (in ${draft.tools![i]!.name})`)
    }
  })
})
