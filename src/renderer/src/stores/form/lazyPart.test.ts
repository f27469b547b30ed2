import { describe, expect, it } from 'vitest'
import { lazyPart } from './lazyPart'

describe('lazyPart', () => {
  it('fetches once, answers null until loaded, then the part synchronously', async () => {
    let fetches = 0
    const part = lazyPart(async () => ({ n: ++fetches }))
    expect(part.get()).toBeNull()
    const [a, b] = await Promise.all([part.load(), part.load()])
    expect(a).toBe(b)
    expect(part.get()).toBe(a)
    expect(await part.load()).toBe(a)
    expect(fetches).toBe(1)
  })

  it('forgets a failed fetch, so the next call tries again', async () => {
    let fetches = 0
    const part = lazyPart(async () => {
      if (++fetches === 1) throw new Error('chunk failed to load')
      return 'here'
    })
    await expect(part.load()).rejects.toThrow('chunk failed to load')
    expect(part.get()).toBeNull()
    expect(await part.load()).toBe('here')
    expect(fetches).toBe(2)
  })
})
