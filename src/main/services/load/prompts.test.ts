import { describe, expect, it } from 'vitest'
import { loadTokenizer, rememberedCounts } from './prompts'

describe('rememberedCounts', () => {
  it("gives the tokenizer's own count for short and long texts, asking it once per short text", async () => {
    const tk = await loadTokenizer()
    let asked = 0
    const count = rememberedCounts((text) => {
      asked++
      return tk.countTokens(text)
    })
    const pieces = [' the', ' gateway', ' streams', '', ' tokens', 'ünïcödé 🙂', ' the', ' gateway']
    for (const piece of pieces) expect(count(piece)).toBe(tk.countTokens(piece))
    expect(asked).toBe(6)
    const long = 'a much longer answer that is counted whole each time it is asked '.repeat(4)
    expect(count(long)).toBe(tk.countTokens(long))
    expect(count(long)).toBe(tk.countTokens(long))
    expect(asked).toBe(8)
  })

  it('stays bounded however many distinct pieces it sees, and still counts right after it forgets', () => {
    let asked = 0
    const count = rememberedCounts((text) => {
      asked++
      return text.length
    })
    for (let i = 0; i < 45_000; i++) expect(count(`w${i}`)).toBe(`w${i}`.length)
    expect(asked).toBe(45_000)
    // The first pieces were forgotten when the memory filled: asked again, same answer.
    expect(count('w0')).toBe(2)
    expect(asked).toBe(45_001)
    // A recent one is still known.
    expect(count('w44999')).toBe(6)
    expect(asked).toBe(45_001)
  })
})
