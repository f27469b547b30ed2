import { describe, expect, it } from 'vitest'
import { AppError, fail, ok } from './result'

describe('Result helpers', () => {
  it('wraps values and errors without throwing', () => {
    expect(ok(3)).toEqual({ ok: true, value: 3 })
    expect(fail('X_Y', 'bad')).toEqual({ ok: false, error: { code: 'X_Y', message: 'bad' } })
    expect(new AppError('A_B', 'm', { f: 1 }).details).toEqual({ f: 1 })
  })
})
