import { describe, expect, it } from 'vitest'
import { readSdkArguments } from './pastedSdkCall'

const read = (args: string) => readSdkArguments(`f(${args}`, 1)

describe('readSdkArguments', () => {
  it('reads literals of both languages: numbers, escapes, prefixes, comments, joined strings, tuples', () => {
    const r = read(`a=1_000, b=-2.5e3, c=r"\\d+", d="\\u00e9\\x41\\U0001F600", e=("x", 'y'), # a comment
      f="one " "two", g={1: None}, h=b'raw')`)
    expect(r.problems).toEqual([])
    expect(r.body).toEqual({
      a: 1000,
      b: -2500,
      c: '\\d+',
      d: 'éA😀',
      e: ['x', 'y'],
      f: 'one two',
      g: { 1: null },
      h: 'raw',
    })
    const js = read(`{ /* block */ a: 'x' + "y", b: [1, 2,], 'c-d': undefined, e: \`plain\` }, )`)
    expect(js.body).toEqual({ a: 'xy', b: [1, 2], e: 'plain' })
  })

  it('survives hostile input: deep nesting, unclosed brackets and strings, a huge value, __proto__', () => {
    const deep = read(`a=${'['.repeat(100_000)}`)
    expect(deep.problems[0]).toMatchObject({ field: 'a' })
    expect(deep.problems[0]!.why).toMatch(/nested deeper than 64/)
    expect(read('a="never closed').problems.map((p) => p.field)).toContain('a')
    expect(read('a=1').problems).toEqual([
      { field: 'the call', why: 'its “(” is never closed: the arguments were read to the end' },
    ])
    const big = read(`a="${'x'.repeat(5_000_000)}")`)
    expect((big.body.a as string).length).toBe(5_000_000)
    const proto = read('{"__proto__": {"polluted": true}, "b": 1})')
    expect(proto.body).toEqual({ b: 1 })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(read('a=1 b=2)').problems.at(-1)!.why).toMatch(/could not be read past/)
  })
})
