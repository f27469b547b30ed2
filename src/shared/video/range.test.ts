import { describe, it, expect } from 'vitest'
import { contentRange, parseByteRange, type ByteRange } from './range'

const SIZE = 1000

describe('parseByteRange', () => {
  it.each<[string | undefined, ByteRange]>([
    [undefined, { kind: 'full' }],
    ['bytes=0-99', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=0-0', { kind: 'partial', start: 0, end: 0 }],
    ['bytes=500-', { kind: 'partial', start: 500, end: 999 }],
    ['bytes=-100', { kind: 'partial', start: 900, end: 999 }],
    ['bytes=-5000', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=990-5000', { kind: 'partial', start: 990, end: 999 }],
    ['bytes=999-999', { kind: 'partial', start: 999, end: 999 }],
    ['BYTES = 10 - 20', { kind: 'partial', start: 10, end: 20 }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=1000-1200', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=20-10', { kind: 'full' }],
    ['bytes=-', { kind: 'full' }],
    ['bytes=0-1,5-9', { kind: 'full' }],
    ['items=0-10', { kind: 'full' }],
    ['bytes=abc', { kind: 'full' }],
    ['', { kind: 'full' }],
  ])('%s', (header, expected) => {
    expect(parseByteRange(header, SIZE)).toEqual(expected)
  })

  it('finds nothing satisfiable in an empty resource', () => {
    expect(parseByteRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' })
    expect(parseByteRange('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' })
    expect(parseByteRange(undefined, 0)).toEqual({ kind: 'full' })
  })

  it('writes Content-Range for partial and unsatisfiable answers only', () => {
    expect(contentRange({ kind: 'partial', start: 5, end: 9 }, SIZE)).toBe('bytes 5-9/1000')
    expect(contentRange({ kind: 'unsatisfiable' }, SIZE)).toBe('bytes */1000')
    expect(contentRange({ kind: 'full' }, SIZE)).toBeUndefined()
  })
})
