import { describe, expect, it } from 'vitest'
import { attachmentDisposition } from './contentDisposition'

describe('attachmentDisposition', () => {
  it.each([
    ['famA-2-abc.mp4', `attachment; filename="famA-2-abc.mp4"; filename*=UTF-8''famA-2-abc.mp4`],
    [
      'a "quoted"\r\nSet-Cookie: x.mp4',
      `attachment; filename="a _quoted_Set-Cookie_ x.mp4"; filename*=UTF-8''a%20%22quoted%22Set-Cookie%3A%20x.mp4`,
    ],
    ['../../etc/passwd', `attachment; filename=".._.._etc_passwd"; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`],
    ['视频 (1).mp4', `attachment; filename="__ _1_.mp4"; filename*=UTF-8''%E8%A7%86%E9%A2%91%20%281%29.mp4`],
    ['', `attachment; filename="download"; filename*=UTF-8''download`],
  ])('%j', (name, expected) => {
    const value = attachmentDisposition(name)
    expect(value).toBe(expected)
    expect(value).not.toMatch(/[\r\n]/)
  })
})
