import { describe, expect, it } from 'vitest'
import type { Token } from 'marked'
import { appendToTail, type TextTail } from '../../../../shared/ipc/textTail'
import { CHAPTER_SIZE, IncrementalLexer, PAGE_SIZE, type MarkdownSnapshot } from './IncrementalLexer'

const blocks = (snapshot: MarkdownSnapshot) => snapshot.pages.flat()
const shape = (snapshot: MarkdownSnapshot) => blocks(snapshot).map((b) => [b.token.type, b.token.raw.trim()])

function document(sections: number): string {
  let text = ''
  for (let i = 0; i < sections; i++) {
    text += `## Section ${i}\n\nSome *prose* with **bold**, \`code\` and a `
    text += `[link](https://example.com/${i}).\n`
    text += `A second line of the same paragraph.\n\n- item one\n- item two\n  continued\n\n`
    text += `| a | b |\n|---|--:|\n| ${i} | x |\n\n`
    text += `\`\`\`ts\nconst n = ${i}\n\n// blank line inside\n\`\`\`\n\n`
    text += `> quoted ${i}\n\n1. first\n2. second\n\n---\n\n`
  }
  return text
}

/** Feeds `text` in chunks whose sizes cycle through `sizes`. */
function stream(text: string, sizes: number[], lexer = new IncrementalLexer()): MarkdownSnapshot {
  let end = 0
  let snapshot = lexer.update('')
  for (let i = 0; end < text.length; i++) {
    end = Math.min(text.length, end + sizes[i % sizes.length]!)
    snapshot = lexer.update(text.slice(0, end))
  }
  return snapshot
}

/** Feeds `text` the way a stream's run reaches the view: append-only, with the run's tail beside the text. */
function streamWithTail(text: string, size: number, lexer = new IncrementalLexer()): MarkdownSnapshot {
  let sent = ''
  let tail: TextTail | undefined
  let snapshot = lexer.update('', { appendOnly: true })
  for (let end = 0; end < text.length;) {
    const delta = text.slice(end, (end = Math.min(text.length, end + size)))
    tail = appendToTail(tail, sent.length, delta)
    sent += delta
    snapshot = lexer.update(sent, { appendOnly: true, tail })
  }
  return snapshot
}

describe('IncrementalLexer', () => {
  it('gives the same blocks streamed append-only with a tail, checking a bounded part of the prefix', () => {
    const text = document(200)
    const lexer = new IncrementalLexer()
    const streamed = streamWithTail(text, 37, lexer)
    const updates = Math.ceil(text.length / 37)
    expect(shape(streamed)).toEqual(shape(new IncrementalLexer().update(text)))
    expect(lexer.stats.resets).toBe(0)
    // Comparing the whole committed prefix would cost about updates * length / 2 characters.
    expect(lexer.stats.comparedChars / updates).toBeLessThanOrEqual(256)
    expect(lexer.stats.lexedChars / updates).toBeLessThan(200)
  })

  it('starts over while streaming when a different answer replaces the text', () => {
    const lexer = new IncrementalLexer()
    lexer.update('# One\n\ntwo\n\n# Three\n', { appendOnly: true })
    const shorter = lexer.update('Hi\n', { appendOnly: true })
    expect(lexer.stats.resets).toBe(1)
    expect(shape(shorter)).toEqual([['paragraph', 'Hi']])
    lexer.update('# One\n\ntwo\n\n# Three\n', { appendOnly: true })
    const other = lexer.update('# One\n\nTwo\n\n# Three\n\nfour\n', { appendOnly: true })
    expect(lexer.stats.resets).toBe(2)
    expect(shape(other)).toEqual([
      ['heading', '# One'],
      ['paragraph', 'Two'],
      ['heading', '# Three'],
      ['paragraph', 'four'],
    ])
  })

  it('commits a block only after a later block starts on a complete line', () => {
    const lexer = new IncrementalLexer()
    expect(lexer.update('para\n#').committedCount).toBe(0)
    // `#tag` is a lazy continuation of the paragraph, not a heading: nothing was committed too early.
    expect(shape(lexer.update('para\n#tag\n'))).toEqual([['paragraph', 'para\n#tag']])
    const next = lexer.update('para\n#tag\n\n# Title\n')
    expect(next.committedCount).toBe(1)
    expect(shape(next)).toEqual([
      ['paragraph', 'para\n#tag'],
      ['heading', '# Title'],
    ])
  })

  it('keeps a list open across blank lines until a different block starts', () => {
    const lexer = new IncrementalLexer()
    expect(lexer.update('- a\n\n').committedCount).toBe(0)
    expect(shape(lexer.update('- a\n\n- b\n'))).toEqual([['list', '- a\n\n- b']])
    expect(lexer.update('- a\n\n- b\n\nafter\n').committedCount).toBe(1)
  })

  it('gives the same blocks as a one-shot lex under any chunking', () => {
    const text = document(12)
    const whole = shape(new IncrementalLexer().update(text))
    for (const sizes of [[1], [3, 7, 2], [17], [64, 1, 5], [400]]) {
      expect(shape(stream(text, sizes))).toEqual(whole)
    }
  })

  it('lexes only the open tail on each update', () => {
    const text = document(200)
    const lexer = new IncrementalLexer()
    stream(text, [8], lexer)
    const updates = Math.ceil(text.length / 8)
    expect(lexer.stats.resets).toBe(0)
    // Re-lexing everything would cost about updates * length / 2 characters.
    expect(lexer.stats.lexedChars / updates).toBeLessThan(200)
    expect(text.length).toBeGreaterThan(50_000)
  })

  it('keeps full pages of completed blocks identical between updates', () => {
    const text = document(30)
    const lexer = new IncrementalLexer()
    const before = lexer.update(text.slice(0, Math.floor(text.length * 0.6)))
    const after = lexer.update(text)
    expect(before.pages.length).toBeGreaterThan(2)
    expect(before.pages[0]).toHaveLength(PAGE_SIZE)
    expect(after.pages[0]).toBe(before.pages[0])
    expect(after.pages[1]).toBe(before.pages[1])
  })

  it('groups the pages into chapters, and keeps full chapters identical between updates', () => {
    const text = document(200)
    const lexer = new IncrementalLexer()
    const before = lexer.update(text.slice(0, Math.floor(text.length * 0.9)))
    const after = lexer.update(text)
    expect(before.chapters.length).toBeGreaterThan(1)
    expect(before.chapters[0]).toHaveLength(CHAPTER_SIZE)
    expect(after.chapters[0]).toBe(before.chapters[0])
    expect(after.chapters.flat()).toEqual(after.pages)
    expect(after.chapters[0]![1]).toBe(after.pages[1])
  })

  it('keeps block indices stable as the tail becomes committed', () => {
    const lexer = new IncrementalLexer()
    const first = lexer.update('# One\n\npara')
    const second = lexer.update('# One\n\npara\n\n# Two\n')
    expect(blocks(first).map((b) => b.index)).toEqual([0, 1])
    expect(blocks(second).map((b) => [b.index, b.token.type])).toEqual([
      [0, 'heading'],
      [1, 'paragraph'],
      [2, 'heading'],
    ])
    expect(second.lastIndex).toBe(2)
  })

  it('starts over when the text no longer extends what was committed', () => {
    const lexer = new IncrementalLexer()
    lexer.update('# One\n\ntwo\n\n# Three\n')
    const replaced = lexer.update('Something else\n')
    expect(lexer.stats.resets).toBe(1)
    expect(shape(replaced)).toEqual([['paragraph', 'Something else']])
  })

  it('starts over when a longer text differs inside what was committed', () => {
    const lexer = new IncrementalLexer()
    lexer.update('# One\n\ntwo\n\n# Three\n')
    const edited = lexer.update('# Uno\n\ntwo\n\n# Three\n\nfour\n')
    expect(lexer.stats.resets).toBe(1)
    expect(shape(edited)).toEqual([
      ['heading', '# Uno'],
      ['paragraph', 'two'],
      ['heading', '# Three'],
      ['paragraph', 'four'],
    ])
  })

  it('treats CRLF and CR line endings like LF', () => {
    const text = '# One\r\n\r\npara\r\nline\r\n\r\n- a\r\n- b\r\n\r\n# Two\r\n'
    const streamed = stream(text, [3])
    expect(shape(streamed)).toEqual(shape(new IncrementalLexer().update(text.replace(/\r\n/g, '\n'))))
    expect(streamed.committedCount).toBe(3)
  })

  it('resolves a reference whose definition arrives after the block was committed', () => {
    const lexer = new IncrementalLexer()
    const text = 'See [the docs][docs].\n\n# Next\n\nMore.\n\n[docs]: https://example.com/docs\n\n# End\n'
    const snapshot = stream(text, [4], lexer)
    const paragraph = blocks(snapshot)[0]!.token as Token & { tokens: Token[] }
    const link = paragraph.tokens.find((t) => t.type === 'link') as (Token & { href: string }) | undefined
    expect(link?.href).toBe('https://example.com/docs')
  })

  it('shows input marked cannot lex as literal text instead of throwing', () => {
    const lexer = new IncrementalLexer()
    const weird = '\u0000'.repeat(10) + '<' + '['.repeat(5000) + '\n\n# ok\n'
    expect(() => lexer.update(weird)).not.toThrow()
    expect(blocks(lexer.update(weird)).length).toBeGreaterThan(0)
  })
})
