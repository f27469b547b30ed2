// Canned tool results against server-everything over stdio: a result kept from a real run answers the call
// without running the tool (the server sees no tools/call for it, and its log notes the canned answer under the
// model's call id), with the server disconnected too; the mode of each tool (ask, run, canned); the bounds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CANNED_BOUNDS } from '../../src/shared/tools/cannedModes'
import { EVERYTHING, connected, stdioFields, toolServers } from '../fakes/toolServerHarness'

describe('canned tool results', () => {
  const { service, settings } = toolServers()
  let id = ''
  beforeAll(async () => {
    const view = await connected(service, stdioFields('everything', [EVERYTHING, 'stdio']))
    id = view.id
    expect(view.state.status, view.state.error).toBe('connected')
  })
  afterAll(() => service.close())

  it('keeps a real run’s result and answers a call with it without running the tool', async () => {
    const ran = await service.call(id, 'get-sum', { a: 2, b: 3 })
    const view = service.putCanned(id, 'get-sum', { text: ran.text, isError: ran.isError })
    expect(view.canned).toEqual([
      { tool: 'get-sum', chars: ran.text.length, isError: false, savedAt: expect.any(Number) },
    ])
    const outcome = service.answerCanned(id, 'get-sum', 'call_canned_1')
    expect(outcome).toMatchObject({ text: 'The sum of 2 and 3 is 5.', isError: false, canned: true })
    const messages = service.callMessages(id, 'call_canned_1')
    expect(messages.map((e) => e.kind)).toEqual(['note'])
    expect(messages[0]!.text).toContain('canned result (not run)')
    expect(
      service
        .readLog(id, 0, 2000)
        .entries.some((e) => e.method === 'tools/call' && e.tag === 'call_canned_1'),
    ).toBe(false)
  })

  it('answers with a typed canned result as the tool’s error, with the server disconnected', async () => {
    service.putCanned(id, 'echo', { text: 'quota exceeded', isError: true })
    await service.disconnect(id)
    expect(service.answerCanned(id, 'echo', 'call_2')).toMatchObject({
      text: 'quota exceeded',
      isError: true,
    })
    expect(service.readCanned(id, 'echo')).toEqual({ text: 'quota exceeded', isError: true })
    await service.connect(id)
  })

  it('sets each tool’s mode: canned only once a result is saved, and run and canned exclude each other', () => {
    expect(() => service.setMode(id, 'get-env', 'canned')).toThrow(
      /mode: save a canned result for get-env first/,
    )
    let view = service.setMode(id, 'get-sum', 'canned')
    expect(view.answerCanned).toEqual(['get-sum'])
    expect(view.alwaysAllow).not.toContain('get-sum')
    view = service.setMode(id, 'get-sum', 'run')
    expect(view).toMatchObject({ answerCanned: [], alwaysAllow: ['get-sum'] })
    view = service.setMode(id, 'get-sum', 'canned')
    expect(view).toMatchObject({ answerCanned: ['get-sum'], alwaysAllow: [] })
    // Removing the result stops answering with it: the tool asks again.
    view = service.putCanned(id, 'get-sum', null)
    expect(view.answerCanned).toEqual([])
    expect(view.canned.map((c) => c.tool)).toEqual(['echo'])
    expect(() => service.answerCanned(id, 'get-sum')).toThrow(/get-sum has no canned result/)
  })

  it('refuses a result over its bound, naming the field, and keeps what was saved', () => {
    expect(() =>
      service.putCanned(id, 'echo', { text: 'x'.repeat(CANNED_BOUNDS.chars + 1), isError: false }),
    ).toThrow(/text: a canned result is at most 100,000 characters/)
    expect(service.readCanned(id, 'echo')?.text).toBe('quota exceeded')
  })

  it('refuses more than the bound in all, and reads back leniently what does not parse', () => {
    const chunk = 'y'.repeat(CANNED_BOUNDS.chars)
    const room = Math.floor(CANNED_BOUNDS.totalChars / CANNED_BOUNDS.chars) - 1
    for (let i = 0; i < room; i++) service.putCanned(id, `t${i}`, { text: chunk, isError: false })
    expect(() => service.putCanned(id, 'one-more', { text: chunk, isError: false })).toThrow(
      /at most 2,000,000 characters in all/,
    )
    for (let i = 0; i < room; i++) service.putCanned(id, `t${i}`, null)
    const saved = settings.get<Record<string, { results: Record<string, unknown> }>>('toolCanned')!
    settings.set('toolCanned', {
      ...saved,
      [id]: { results: { ...saved[id]!.results, bad: { text: 7 } }, answer: [5] },
    })
    expect(service.list()[0]!.canned.map((c) => c.tool)).toEqual(['echo'])
  })

  it('forgets a server’s canned results when the server is removed', async () => {
    await service.remove(id)
    expect(Object.keys(settings.get<Record<string, unknown>>('toolCanned') ?? {})).toEqual([])
  })
})
