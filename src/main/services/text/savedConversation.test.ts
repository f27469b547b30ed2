// The Text panel's saved conversation against real files in a temp folder: the turns survive a new store (a
// restart), quick changes coalesce into one write of the latest turns, a conversation over the bound loses its
// oldest turns first, and a damaged file is set aside with a log line and never trusted.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DraftMessage } from '../../../shared/wire'
import { SavedConversation } from './savedConversation'

const turn = (role: 'user' | 'assistant', text: string): DraftMessage => ({
  role,
  parts: [{ type: 'text', text }],
})

describe('SavedConversation', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'saved-conversation-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('brings back the turns as saved after a restart', async () => {
    const saved = new SavedConversation(dir, { debounceMs: 10 })
    const turns = [turn('user', 'lighthouses?'), turn('assistant', 'Tall, with a lamp.')]
    saved.save(turns)
    await saved.flush()
    expect(await new SavedConversation(dir).read()).toEqual(turns)
  })

  it('starts empty when nothing was saved', async () => {
    expect(await new SavedConversation(dir).read()).toEqual([])
    expect(readdirSync(dir)).toEqual([])
  })

  it('coalesces quick changes into one write of the latest turns', async () => {
    const saved = new SavedConversation(dir, { debounceMs: 50 })
    for (let i = 0; i < 20; i++) saved.save([turn('user', 'x'.repeat(i))])
    expect(readdirSync(dir)).toEqual([])
    await new Promise((r) => setTimeout(r, 120))
    await saved.flush()
    const file = JSON.parse(readFileSync(join(dir, 'conversation.json'), 'utf8'))
    expect(file.turns).toEqual([turn('user', 'x'.repeat(19))])
  })

  it('drops the oldest turns first when the conversation is over the bound', async () => {
    const saved = new SavedConversation(dir, { debounceMs: 10, maxChars: 2_000 })
    const turns = Array.from({ length: 40 }, (_, i) =>
      turn(i % 2 ? 'assistant' : 'user', `turn ${i} ${'.'.repeat(80)}`),
    )
    saved.save(turns)
    await saved.flush()
    const back = await new SavedConversation(dir).read()
    expect(back.length).toBeGreaterThan(0)
    expect(back.length).toBeLessThan(turns.length)
    expect(back).toEqual(turns.slice(turns.length - back.length))
    expect(readFileSync(join(dir, 'conversation.json'), 'utf8').length).toBeLessThanOrEqual(2_000)
  })

  it('keeps the last whole file when even the newest turn is over the bound', async () => {
    const logs: string[] = []
    const saved = new SavedConversation(dir, { debounceMs: 10, maxChars: 500, log: (m) => logs.push(m) })
    saved.save([turn('user', 'small')])
    await saved.flush()
    saved.save([turn('user', 'y'.repeat(1_000))])
    await saved.flush()
    expect(await new SavedConversation(dir).read()).toEqual([turn('user', 'small')])
    expect(logs.join()).toMatch(/too large/)
  })

  it('sets a damaged file aside with a log line and starts with an empty conversation', async () => {
    writeFileSync(join(dir, 'conversation.json'), '{"version":1,"turns":[{"role":"user","par')
    const logs: string[] = []
    expect(await new SavedConversation(dir, { log: (m) => logs.push(m) }).read()).toEqual([])
    expect(readdirSync(dir)).toContain('conversation.json.damaged')
    expect(readdirSync(dir)).not.toContain('conversation.json')
    expect(logs.join()).toMatch(/set aside/)
  })

  it('never trusts a file whose turns are not draft messages', async () => {
    writeFileSync(
      join(dir, 'conversation.json'),
      JSON.stringify({ version: 1, turns: [{ role: 'wizard', parts: 'not a list' }] }),
    )
    const logs: string[] = []
    expect(await new SavedConversation(dir, { log: (m) => logs.push(m) }).read()).toEqual([])
    expect(readdirSync(dir)).toContain('conversation.json.damaged')
    expect(logs).toHaveLength(1)
  })
})
