// The simulator's non-conformant modes as functions: each is parsed from a fault spec (alone or combined), usage
// is stripped at any depth a format puts it, an error body is re-shaped into another format's, a 4xx becomes 500.
import { describe, expect, it } from 'vitest'
import { FaultSpecError, parseFaults } from './faults'
import { foreignErrorBody, modesOf, withoutUsage, wrongStatus } from './nonConformance'

describe('non-conformant modes', () => {
  it('are parsed from a fault spec, alone or with faults', () => {
    expect(parseFaults('nodone').modes).toEqual(['nodone'])
    expect(parseFaults('ttft:5, NoUsage ,stray-auth')).toMatchObject({
      firstTokenDelayMs: 5,
      modes: ['nousage', 'stray-auth'],
    })
    expect(() => parseFaults('nodone:3')).toThrow(FaultSpecError)
    expect([...modesOf('500,foreign-error,wrong-status')]).toEqual(['foreign-error', 'wrong-status'])
  })

  it('strip usage wherever a format carries it', () => {
    expect(withoutUsage({ id: 'x', usage: { a: 1 } })).toEqual({ id: 'x' })
    expect(withoutUsage({ type: 'response.completed', response: { id: 'r', usage: {} } })).toEqual({
      type: 'response.completed',
      response: { id: 'r' },
    })
    expect(withoutUsage({ candidates: [], usageMetadata: {} })).toEqual({ candidates: [] })
    expect(withoutUsage({ embedding: { values: [1] }, metadata: { usage: { prompt_tokens: 1 } } })).toEqual({
      embedding: { values: [1] },
      metadata: {},
    })
  })

  it('re-shape an error into another format and move a 4xx to 500', () => {
    const messages = { type: 'error', error: { type: 'invalid_request', message: 'bad' } }
    expect(foreignErrorBody(messages, 400)).toEqual({
      error: { message: 'bad', type: 'invalid_request', param: null, code: null },
    })
    expect(foreignErrorBody({ error: { message: 'bad', type: 'x', param: null, code: null } }, 400)).toEqual({
      type: 'error',
      error: { type: 'x', message: 'bad' },
    })
    expect(
      foreignErrorBody({ error: { code: 400, message: 'bad', status: 'INVALID_ARGUMENT' } }, 400),
    ).toMatchObject({ error: { message: 'bad', code: 400 } })
    expect([wrongStatus(400), wrongStatus(404), wrongStatus(429), wrongStatus(503)]).toEqual([
      500, 500, 500, 503,
    ])
  })
})
