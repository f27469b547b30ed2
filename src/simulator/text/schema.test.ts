import { describe, expect, it } from 'vitest'
import { checkSchema, sampleSchema, type JsonSchema } from './schema'
import { hintsFrom, seededRandom } from './synth'

const hints = hintsFrom('What is the weather in Paris and Rome today?')

const schemas: Record<string, JsonSchema> = {
  weather: {
    type: 'object',
    properties: { location: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
    required: ['location', 'unit'],
    additionalProperties: false,
  },
  numbers: {
    type: 'object',
    properties: {
      count: { type: 'integer', minimum: 3, maximum: 7 },
      ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
      step: { type: 'number', multipleOf: 0.25, minimum: 1, maximum: 2 },
      flag: { type: 'boolean' },
    },
    required: ['count', 'ratio', 'step', 'flag'],
  },
  arrays: {
    type: 'object',
    properties: {
      tags: {
        type: 'array',
        items: { type: 'string', enum: ['a', 'b', 'c'] },
        minItems: 3,
        uniqueItems: true,
      },
      pair: {
        type: 'array',
        prefixItems: [{ type: 'string' }, { type: 'integer' }],
        minItems: 2,
        maxItems: 2,
      },
      none: { type: 'array', items: { type: 'string' }, maxItems: 0 },
    },
    required: ['tags', 'pair', 'none'],
  },
  refsAndUnions: {
    $defs: {
      Point: {
        type: 'object',
        properties: { x: { type: 'number' }, y: { type: 'number' } },
        required: ['x', 'y'],
      },
    },
    type: 'object',
    properties: {
      origin: { $ref: '#/$defs/Point' },
      label: { anyOf: [{ type: 'null' }, { type: 'string', minLength: 12, maxLength: 20 }] },
      kind: { const: 'shape' },
      when: { type: 'string', format: 'date-time' },
      id: { type: 'string', format: 'uuid' },
      merged: {
        allOf: [
          { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
          { properties: { b: { type: 'integer' } }, required: ['b'] },
        ],
      },
      maybe: { type: ['integer', 'null'] },
    },
    required: ['origin', 'label', 'kind', 'when', 'id', 'merged', 'maybe'],
  },
  nativeOpenApi: {
    type: 'OBJECT',
    properties: {
      city: { type: 'STRING' },
      days: { type: 'INTEGER', nullable: true },
      list: { type: 'ARRAY', items: { type: 'NUMBER' } },
    },
    required: ['city', 'days'],
  },
}

describe('sampleSchema', () => {
  for (const [name, schema] of Object.entries(schemas)) {
    it(`produces a value that satisfies the ${name} schema for many seeds`, () => {
      for (let seed = 1; seed <= 50; seed += 1) {
        const value = sampleSchema(schema, hints, seededRandom(seed))
        expect(checkSchema(schema, value), JSON.stringify(value)).toEqual([])
      }
    })
  }

  it('is deterministic for a seed and fills location-like strings from the message', () => {
    const a = sampleSchema(schemas.weather as JsonSchema, hints, seededRandom(7))
    const b = sampleSchema(schemas.weather as JsonSchema, hints, seededRandom(7))
    expect(a).toEqual(b)
    expect(a).toMatchObject({ location: 'Paris' })
  })
})

describe('checkSchema', () => {
  it('reports violations with their path', () => {
    const errors = checkSchema(schemas.weather as JsonSchema, { location: 5, unit: 'kelvin', extra: true })
    expect(errors).toEqual(
      expect.arrayContaining([
        '$.location: expected string',
        '$.unit: not in enum',
        '$: unexpected property extra',
      ]),
    )
    expect(checkSchema({ type: 'object', required: ['a'] }, {})).toEqual(['$: missing a'])
  })

  it('checks a request pattern in linear time and leaves one only a backtracking engine runs unchecked', () => {
    const started = performance.now()
    expect(checkSchema({ type: 'string', pattern: '^(a+)+$' }, `${'a'.repeat(31)}!`)).toEqual([
      '$: does not match pattern',
    ])
    expect(checkSchema({ type: 'string', pattern: '^(a+)+$' }, 'aaa')).toEqual([])
    expect(checkSchema({ type: 'string', pattern: '^(?=(a+)+$)' }, `${'a'.repeat(31)}!`)).toEqual([])
    expect(checkSchema({ type: 'string', pattern: '(' }, 'x')).toEqual([])
    expect(performance.now() - started).toBeLessThan(200)
  })
})
