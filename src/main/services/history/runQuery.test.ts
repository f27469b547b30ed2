import { describe, expect, it } from 'vitest'
import { ftsQuery, whereOf, wordsOnly } from './runQuery'

describe('history search query', () => {
  it('quotes every word and matches the last as a prefix', () => {
    expect(ftsQuery('hello wor')).toBe('"hello" "wor"*')
  })

  it('turns FTS operators and punctuation typed by the user into plain words', () => {
    expect(ftsQuery('NEAR(a b) OR "x" -y*')).toBe('"NEAR" "a" "b" "OR" "x" "y"*')
  })

  it('answers null when nothing searchable was typed', () => {
    expect(ftsQuery('  -- ** ')).toBeNull()
  })

  it('binds every filter value instead of splicing it into the SQL', () => {
    const where = whereOf({ query: 'cat', kind: 'text', model: "x' OR 1=1", from: 10, to: 20 })
    expect(where.sql).not.toContain("x'")
    expect(where.values).toEqual(['"cat"*', 'text', "x' OR 1=1", 10, 20])
  })

  it('takes the words-only search path only when no other filter is set', () => {
    expect(wordsOnly({ query: 'otter riv' })).toBe('"otter" "riv"*')
    expect(wordsOnly({ query: 'otter', kind: 'video' })).toBeNull()
    expect(wordsOnly({ query: 'otter', model: '' })).toBe('"otter"*')
    expect(wordsOnly({ kind: 'text' })).toBeNull()
    expect(wordsOnly({ query: ' -- ' })).toBeNull()
  })
})
