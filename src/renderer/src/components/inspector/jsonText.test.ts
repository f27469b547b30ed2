import { describe, expect, it } from 'vitest'
import { isJson, layoutJson } from './jsonText'

describe('layoutJson', () => {
  it('indents nested objects and arrays and keeps empty containers on one line', () => {
    expect(layoutJson('{"a":[1,{"b":null}],"c":{},"d":[ ]}', 2)).toBe(
      '{\n  "a": [\n    1,\n    {\n      "b": null\n    }\n  ],\n  "c": {},\n  "d": []\n}',
    )
  })

  it('keeps number literals and string escapes exactly as written', () => {
    const text = '{"id": 12345678901234567890, "f": 1.50, "e": 1E+3, "s": "a\\"b\\\\ , : { \\u00e9"}'
    expect(layoutJson(text, 0)).toBe(
      '{"id":12345678901234567890,"f":1.50,"e":1E+3,"s":"a\\"b\\\\ , : { \\u00e9"}',
    )
    expect(layoutJson(text, 2)).toContain('"s": "a\\"b\\\\ , : { \\u00e9"')
  })

  it('compacts to one line and round-trips to the same value', () => {
    const text = '{\n  "a" : [ 1 ,\n 2 ],\r\n\t"b": "x y"\n}'
    const compact = layoutJson(text, 0)!
    expect(compact).toBe('{"a":[1,2],"b":"x y"}')
    expect(JSON.parse(layoutJson(compact, 2)!)).toEqual(JSON.parse(text))
  })

  it('returns null for text that is not JSON, and leaves scalars alone', () => {
    expect(layoutJson('[DONE]', 2)).toBeNull()
    expect(layoutJson('{"a":1', 2)).toBeNull()
    expect(layoutJson('', 2)).toBeNull()
    expect(layoutJson(' "hi" ', 2)).toBe('"hi"')
    expect(isJson('42')).toBe(true)
    expect(isJson('   ')).toBe(false)
  })
})
