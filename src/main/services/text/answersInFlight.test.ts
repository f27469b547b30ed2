import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AnswersInFlight, type InFlightAnswer } from './answersInFlight'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'in-flight-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const answer = (runId: string, text: string): InFlightAnswer => ({
  runId,
  conversationId: 'text-panel',
  turns: 1,
  turn: { role: 'assistant', parts: [{ type: 'text', text }], partial: 'interrupted' },
})

describe('answers kept on disk while they stream', () => {
  it('keeps the newest of each run for the next start, which reads them once', async () => {
    const kept = new AnswersInFlight(dir)
    kept.write(answer('run-a', 'Once'))
    kept.write(answer('run-a', 'Once upon'))
    kept.write(answer('run-b', 'Other'))
    await kept.settled()
    const next = new AnswersInFlight(dir)
    const found = await next.recover()
    expect(found.map((a) => [a.runId, a.turn.parts[0]])).toEqual(
      expect.arrayContaining([
        ['run-a', { type: 'text', text: 'Once upon' }],
        ['run-b', { type: 'text', text: 'Other' }],
      ]),
    )
    expect(await new AnswersInFlight(dir).recover()).toEqual([])
  })

  it('forgets a run that ended, even with a write still on its way', async () => {
    const kept = new AnswersInFlight(dir)
    kept.write(answer('run-a', 'x'.repeat(100_000)))
    kept.remove('run-a')
    await kept.settled()
    expect(await new AnswersInFlight(dir).recover()).toEqual([])
  })

  it('keeps the start of an answer over its bound', async () => {
    const kept = new AnswersInFlight(dir, { maxChars: 1000 })
    kept.write(answer('run-a', 'y'.repeat(5000)))
    await kept.settled()
    const [found] = await new AnswersInFlight(dir, { maxChars: 1000 }).recover()
    const part = found!.turn.parts[0]
    expect(part?.type === 'text' && part.text.length).toBeGreaterThan(500)
    expect(part?.type === 'text' && part.text.length).toBeLessThan(1000)
  })

  it('drops damaged files, links and files over the bound with a log line, and never throws', async () => {
    const folder = join(dir, 'answers-in-flight')
    mkdirSync(folder)
    writeFileSync(join(folder, 'broken.json'), '{"version":1,"runId":')
    writeFileSync(join(folder, 'huge.json'), 'z'.repeat(5000))
    writeFileSync(join(dir, 'elsewhere.json'), JSON.stringify({ version: 1, ...answer('x', 'outside') }))
    symlinkSync(join(dir, 'elsewhere.json'), join(folder, 'link.json'))
    const logs: string[] = []
    const found = await new AnswersInFlight(dir, { maxChars: 1000, log: (m) => logs.push(m) }).recover()
    expect(found).toEqual([])
    expect(logs.join('\n')).toMatch(/broken\.json/)
    expect(readdirSync(folder)).toEqual([])
  })

  it('ignores run ids that are not plain names', async () => {
    const kept = new AnswersInFlight(dir)
    kept.write(answer('../escape', 'no'))
    await kept.settled()
    expect(readdirSync(dir)).toEqual([])
  })
})
