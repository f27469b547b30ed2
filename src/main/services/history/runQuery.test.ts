import { describe, expect, it } from 'vitest'
import { ftsQuery } from './runQuery'

describe('history search query', () => {
  it('quotes every word and matches the last as a prefix', () => {
    expect(ftsQuery('hello wor')).toBe('"hello" "wor"*')
  })

  it('turns FTS operators and punctuation typed by the user into plain words', () => {
    expect(ftsQuery('NEAR(a b) OR "x" -yes*')).toBe('"NEAR" "a" "b" "OR" "x" "yes"*')
  })

  it('matches a one-character last word whole, and splits words where the index does (underscores too)', () => {
    expect(ftsQuery('otter y')).toBe('"otter" "y"')
    expect(ftsQuery('snake_case')).toBe('"snake" "case"*')
  })

  it('answers null when nothing searchable was typed', () => {
    expect(ftsQuery('  -- ** ')).toBeNull()
  })
})
