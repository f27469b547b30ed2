import { describe, expect, it } from 'vitest'
import { nativeSchemaLoss, toolSchemaLoss } from './toolSchemaLoss'

describe('tool schema loss', () => {
  it('names the keywords native has no place for, inside properties, items, branches and definitions', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      additionalProperties: false,
      properties: {
        a: { type: ['string', 'null'], const: 'x' },
        list: { type: 'array', items: { type: 'object', patternProperties: { '^x': {} } } },
        either: { anyOf: [{ type: 'string' }, { oneOf: [{ type: 'number', exclusiveMinimum: 0 }] }] },
      },
      $defs: { node: { type: 'object', $ref: '#/$defs/node' } },
    }
    expect(nativeSchemaLoss(schema)).toEqual([
      '$defs',
      '$ref',
      '$schema',
      'additionalProperties',
      'const',
      'exclusiveMinimum',
      'oneOf',
      'patternProperties',
      'type (a list of types)',
    ])
  })

  it('keeps every keyword of Gemini’s schema, and stops at a bounded depth', () => {
    expect(
      nativeSchemaLoss({
        type: 'object',
        properties: { n: { type: 'number', minimum: 1, maximum: 3, default: 2, nullable: true } },
        required: ['n'],
        propertyOrdering: ['n'],
      }),
    ).toEqual([])
    let deep: Record<string, unknown> = { type: 'string' }
    for (let i = 0; i < 100; i++) deep = { type: 'array', items: deep }
    expect(nativeSchemaLoss(deep)).toEqual(['(nesting past 32 levels)'])
  })

  it('warns per tool in native only, and names a tool its format would refuse by name', () => {
    const draft = {
      tools: [
        { name: 'ok', parameters: { type: 'object' } },
        { name: 'lossy', parameters: { $schema: 'x', type: 'object' } },
        { name: 'has space', parameters: { type: 'object' } },
      ],
    }
    expect(toolSchemaLoss(draft, 'native').map((w) => w.path)).toEqual([
      'tools[1].parameters',
      'tools[2].name',
    ])
    expect(toolSchemaLoss(draft, 'chat').map((w) => w.path)).toEqual(['tools[2].name'])
  })
})
