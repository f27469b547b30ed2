import { describe, expect, it } from 'vitest'
import { ServerLog } from './serverLog'

describe('a tool server log', () => {
  it('keeps the newest entries up to its bound, numbered so a reader continues where it stopped', () => {
    const log = new ServerLog({ entries: 3, entryChars: 50, scrub: (t) => t })
    for (let i = 1; i <= 5; i++) log.note(`note ${i}`)
    const page = log.read(0, 10)
    expect(page.entries.map((e) => e.text)).toEqual(['note 3', 'note 4', 'note 5'])
    expect(page).toMatchObject({ firstSeq: 3, lastSeq: 5 })
    expect(log.read(4, 10).entries.map((e) => e.seq)).toEqual([5])
  })

  it('cuts long entries, says how long they were, and scrubs secret values before keeping them', () => {
    const log = new ServerLog({ entryChars: 20, scrub: (t) => t.replaceAll('hunter2-secret', '***') })
    log.note('token hunter2-secret then a long tail of words')
    const [entry] = log.read(0, 1).entries
    expect(entry!.text).toBe('token *** then a lon… (35 characters in all)')
  })

  it('splits stderr into lines, holding a partial line until it ends (and no longer than an entry)', () => {
    const log = new ServerLog({ entryChars: 10, scrub: (t) => t })
    log.stderr('first\nsec')
    log.stderr('ond\n' + 'x'.repeat(25))
    expect(log.read(0, 10).entries.map((e) => e.text)).toEqual([
      'first',
      'second',
      `${'x'.repeat(10)}… (25 characters in all)`,
    ])
    log.stderr('tail')
    log.flushStderr()
    expect(log.stderrTail(1)).toBe('tail')
  })
})
