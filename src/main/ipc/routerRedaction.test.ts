// The router masks secrets in everything that leaves main by walking values, never JSON text: strings are
// masked (escaped forms too), numbers and JSON syntax are left alone, nesting is bounded, and a transport that
// throws while emitting is contained.
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineCommand, defineEvent } from '../../shared/ipc/define'
import { createRouter } from './router'
import { scrubSecrets, redactValue, MAX_VALUE_DEPTH } from '../services/redact'

const SECRETS = ['sk-quo"te\\key', '123456', 'status']
const redact = (text: string) => scrubSecrets(text, SECRETS)
const commands = { 'demo.echo': defineCommand(z.object({}), z.unknown()) }
const _events = { 'demo.happened': defineEvent(z.unknown()) }
type DemoEvents = typeof _events

function deep(depth: number): unknown {
  let v: unknown = 'bottom sk-quo"te\\key'
  for (let i = 0; i < depth; i++) v = [v]
  return v
}

describe('router redaction (S7, S9)', () => {
  it('masks strings only: escaped secrets too, numbers and keys that equal a secret stay valid', async () => {
    const value = {
      status: 'done',
      n: 1234567,
      said: 'key sk-quo"te\\key and 123456',
      nested: [{ text: 'status: 123456' }],
    }
    const router = createRouter(commands, { 'demo.echo': () => value }, { redact })
    const result = await router.handle(
      'demo.echo',
      {},
      { senderId: 'w', events: { alive: true, emit: () => undefined } },
    )
    expect(result).toEqual({
      ok: true,
      value: { '***': 'done', n: 1234567, said: 'key *** and ***', nested: [{ text: '***: ***' }] },
    })
  })

  it('cuts nesting no transport could serialise, and contains a transport that throws', async () => {
    const emitted: unknown[] = []
    let throwing = false
    const errors: string[] = []
    const router = createRouter<typeof commands, DemoEvents>(
      commands,
      {
        'demo.echo': (_input, ctx) => {
          ctx.events.emit('demo.happened', deep(200_000))
          throwing = true
          ctx.events.emit('demo.happened', 'boom')
          return deep(100_000)
        },
      },
      { redact, onInternalError: (route) => errors.push(route) },
    )
    const result = await router.handle(
      'demo.echo',
      {},
      {
        senderId: 'w',
        events: {
          alive: true,
          emit: (_n, p) => {
            if (throwing) throw new Error('socket gone')
            emitted.push(p)
          },
        },
      },
    )
    expect(result.ok).toBe(true)
    expect(() => JSON.stringify(result)).not.toThrow()
    expect(JSON.stringify(emitted)).toContain('<nested too deep to show>')
    expect(JSON.stringify(emitted)).not.toContain('sk-quo')
    expect(errors).toEqual(['demo.echo (event)'])
  })

  it('keeps key order and leaves a value without secrets equal', () => {
    const value = { b: 1, a: [true, null, 'x'], c: { z: 'z', y: 'y' } }
    expect(JSON.stringify(redactValue(value, redact))).toBe(JSON.stringify(value))
    expect(MAX_VALUE_DEPTH).toBeGreaterThan(16)
  })
})
