import { describe, expect, it } from 'vitest'
import { base64DecodedSize, dataUrlDecodedSize, parseDataUrl } from './dataUrl'

describe('data URLs', () => {
  it('splits a base64 data URL into mime type and payload', () => {
    expect(parseDataUrl('data:image/png;base64,iVBORw0KGgo=')).toEqual({
      mimeType: 'image/png',
      base64: true,
      data: 'iVBORw0KGgo=',
    })
    expect(parseDataUrl('https://example.test/a.png')).toBeUndefined()
  })

  it('computes the decoded size from the base64 length and padding', () => {
    expect(base64DecodedSize('')).toBe(0)
    expect(base64DecodedSize('QQ==')).toBe(1)
    expect(base64DecodedSize('QUI=')).toBe(2)
    expect(base64DecodedSize('QUJD')).toBe(3)
    expect(base64DecodedSize('QUJD\nREVG\n')).toBe(6)
    const bytes = 'x'.repeat(1000)
    expect(base64DecodedSize(btoa(bytes))).toBe(1000)
  })

  it('computes the decoded size of base64 and percent-encoded data URLs', () => {
    expect(dataUrlDecodedSize(`data:application/pdf;base64,${btoa('hello world')}`)).toBe(11)
    expect(dataUrlDecodedSize('data:text/plain,caf%C3%A9')).toBe(5)
  })
})
