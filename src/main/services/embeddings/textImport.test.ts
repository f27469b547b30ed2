// Reading an imported file as texts: binary documents are refused by their bytes (whatever their name), and
// a plain text file gives one item a line with its line label.
import { describe, expect, it } from 'vitest'
import { readTexts } from './textImport'

const bytes = (text: string) => new TextEncoder().encode(text)

describe('readTexts', () => {
  it('refuses a PDF by its bytes, even an all-ASCII one named .txt, naming what it is', () => {
    const pdf = bytes('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n')
    expect(() => readTexts(pdf, 'notes.txt')).toThrow(/"notes\.txt" is a PDF document, not text/)
    expect(() => readTexts(pdf, 'report.pdf')).toThrow(/your inputs are unchanged/)
  })

  it('refuses a .docx (a ZIP archive) and a PNG renamed .csv', () => {
    expect(() => readTexts(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0]), 'a.docx')).toThrow(
      /ZIP archive/,
    )
    expect(() => readTexts(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]), 'a.csv')).toThrow(
      /PNG image/,
    )
  })

  it('reads a text file a line at a time', () => {
    const read = readTexts(bytes('first\nsecond\n'), 'lines.txt')
    expect(read.items.map((i) => i.text)).toEqual(['first', 'second'])
  })
})
