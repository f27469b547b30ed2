import { describe, expect, it } from 'vitest'
import { tokensPerSecond } from './tokenSpeed'

describe('tokensPerSecond', () => {
  it('divides output tokens by the generation time, to a tenth', () => {
    expect(tokensPerSecond(100, 2000)).toBe(50)
    expect(tokensPerSecond(7, 300)).toBe(23.3)
  })

  it('says nothing under 50 ms of generation (34 ms for 79 tokens is not 2,330 t/s)', () => {
    expect(tokensPerSecond(79, 34)).toBeNull()
    expect(tokensPerSecond(79, 0)).toBeNull()
    expect(tokensPerSecond(79, 49.9)).toBeNull()
    expect(tokensPerSecond(79, 50)).toBe(1580)
  })

  it('treats absent or zero output as not reported', () => {
    expect(tokensPerSecond(null, 1000)).toBeNull()
    expect(tokensPerSecond(undefined, 1000)).toBeNull()
    expect(tokensPerSecond(0, 1000)).toBeNull()
  })
})
