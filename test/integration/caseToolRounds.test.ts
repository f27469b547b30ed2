// A case that needs a tool round, run as a matrix through the text service against the simulator, its calls
// answered by server-everything over stdio (connected here as the user would in Settings; the matrix never
// connects it): the loop in all four formats, the tool called with arguments that fit a schema and the final
// answer built from the server's result; a server that is not connected fails its cells with what to do and stays
// disconnected; its canned result answers with the server disconnected; a server name nobody set up is named.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { ProfileService } from '../../src/main/services/profiles'
import { TextService } from '../../src/main/services/text/textService'
import { MatrixRun, type MatrixTarget } from '../../src/main/services/cases/matrixRunner'
import { serverCaseTools } from '../../src/main/services/cases/serverCaseTools'
import { suiteSchema, type Suite } from '../../src/shared/cases/caseModel'
import { profileFieldsSchema } from '../../src/shared/ipc/profiles'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'
import { EVERYTHING, stdioFields, toolServers } from '../fakes/toolServerHarness'

const KEY = 'sk-case-tools-0123456789'
let sim: RunningSimulator
let dir: string
let text: TextService
let profileId: string
const { service } = toolServers()
let serverId = ''

const sumArgs = {
  type: 'object',
  properties: { a: { type: 'number' }, b: { type: 'number' } },
  required: ['a', 'b'],
}

function suiteWith(server: string): Suite {
  return suiteSchema.parse({
    id: 'tools',
    name: 'Tools',
    cases: [
      {
        id: 'sum',
        name: 'adds with get-sum',
        toolRound: { server, maxRounds: 2 },
        draft: {
          model: 'sim-model',
          stream: true,
          maxTokens: 300,
          tools: [{ name: 'get-sum', description: 'Returns the sum of two numbers', parameters: sumArgs }],
          messages: [{ role: 'user', parts: [{ type: 'text', text: 'Use get-sum to add two numbers.' }] }],
        },
        assertions: [
          { kind: 'toolCall', name: 'get-sum', arguments: sumArgs },
          { kind: 'contains', text: 'The sum of' },
        ],
      },
    ],
  })
}

const targets = (): MatrixTarget[] =>
  (['chat', 'responses', 'messages', 'native'] as const).map((format) => ({
    format,
    model: 'sim-model',
    profileId,
  }))

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY })
  dir = mkdtempSync(join(tmpdir(), 'case-tools-'))
  const profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  const view = await profiles.create(profileFieldsSchema.parse({ name: 'Sim', baseUrl: sim.baseUrl }))
  await profiles.setSecret(view.id, 'apiKey', KEY)
  profileId = view.id
  text = new TextService({
    profiles,
    gateway: new GatewayClient({ retryBaseMs: 1 }),
    media: new MediaStore(join(dir, 'media'), (id) => `media://${id}`),
  })
  serverId = (await service.put(undefined, stdioFields('Everything', [EVERYTHING, 'stdio']))).id
})
afterAll(async () => {
  await service.close()
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('a case that needs a tool round', () => {
  it('fails every cell with what to do while its server is not connected, and never connects it', async () => {
    const matrix = new MatrixRun(text, suiteWith('Everything'), targets(), {
      concurrency: 4,
      tools: serverCaseTools(service),
    })
    const cells = await matrix.run()
    expect(cells.map((c) => c.status)).toEqual(['error', 'error', 'error', 'error'])
    expect(cells[0]!.error).toContain('tool server "Everything" is not connected: connect it in Settings')
    expect(cells[0]!.runId).toBeNull()
    expect(service.list()[0]!.state.status).toBe('disconnected')
  })

  it('names a server nobody set up', async () => {
    const matrix = new MatrixRun(text, suiteWith('Nowhere'), targets().slice(0, 1), {
      concurrency: 1,
      tools: serverCaseTools(service),
    })
    const [cell] = await matrix.run()
    expect(cell!.status).toBe('error')
    expect(cell!.error).toContain('tool server "Nowhere": there is no tool server of that name')
  })

  it('runs the loop in all four formats on the connected server: the call fits its schema, the answer uses the result', async () => {
    const view = await service.connect(serverId)
    expect(view.state.status, view.state.error).toBe('connected')
    const matrix = new MatrixRun(text, suiteWith('everything'), targets(), {
      concurrency: 4,
      tools: serverCaseTools(service),
    })
    const cells = await matrix.run()
    for (const cell of cells) {
      expect(cell.status, `${cell.targetIndex}: ${cell.error ?? ''} ${JSON.stringify(cell.results)}`).toBe(
        'pass',
      )
      expect(cell.answer).toMatch(/The sum of -?[\d.e+-]+ and -?[\d.e+-]+ is/)
    }
    // Each call ran on the server, tagged with the model's call id.
    const calls = service.readLog(serverId, 0, 2000).entries.filter((e) => e.method === 'tools/call')
    expect(calls.length).toBeGreaterThanOrEqual(4)
    expect(calls.every((e) => typeof e.tag === 'string' && e.tag.length > 0)).toBe(true)
  })

  it('answers from the canned result with the server disconnected', async () => {
    service.putCanned(serverId, 'get-sum', { text: 'The sum of 2 and 3 is 5.', isError: false })
    await service.disconnect(serverId)
    const matrix = new MatrixRun(text, suiteWith('Everything'), targets().slice(2, 3), {
      concurrency: 1,
      tools: serverCaseTools(service),
    })
    const [cell] = await matrix.run()
    expect(cell!.status, cell!.error ?? '').toBe('pass')
    expect(cell!.answer).toContain('The sum of 2 and 3 is 5.')
    expect(service.list()[0]!.state.status).toBe('disconnected')
  })

  it('fails a tool call whose arguments do not fit the schema the case asks', async () => {
    const strict = suiteWith('Everything')
    strict.cases[0]!.assertions = [
      { kind: 'toolCall', name: 'get-sum', arguments: { ...sumArgs, required: ['a', 'b', 'c'] } },
    ]
    const matrix = new MatrixRun(text, strict, targets().slice(0, 1), {
      concurrency: 1,
      tools: serverCaseTools(service),
    })
    const [cell] = await matrix.run()
    expect(cell!.status).toBe('fail')
    expect(cell!.results[0]!.message).toMatch(/arguments of get-sum/)
  })
})
