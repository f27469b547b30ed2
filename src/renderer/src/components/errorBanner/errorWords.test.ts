import { describe, expect, it } from 'vitest'
import { errorInWords, isAppCode } from './errorWords'

describe('a failure in words', () => {
  it('says an HTTP status once', () => {
    expect(errorInWords('HTTP_404', 'HTTP 404: no such task')).toEqual({
      text: 'HTTP 404: no such task',
      code: null,
    })
    expect(errorInWords('HTTP_500', 'the server broke')).toEqual({
      text: 'HTTP 500: the server broke',
      code: null,
    })
  })

  it("keeps the app's own codes apart from the words", () => {
    expect(errorInWords('GATEWAY_NO_SECRET', 'The profile has no API key.')).toEqual({
      text: 'The profile has no API key.',
      code: 'GATEWAY_NO_SECRET',
    })
    expect(isAppCode('RESULT_URL_EXPIRED')).toBe(true)
    expect(isAppCode('server_error')).toBe(false)
    expect(isAppCode('HTTP_404')).toBe(false)
  })

  it("keeps a gateway's own error type beside its message", () => {
    expect(errorInWords('content_policy', 'The prompt was refused.')).toEqual({
      text: 'content_policy: The prompt was refused.',
      code: null,
    })
    expect(errorInWords(undefined, 'plain')).toEqual({ text: 'plain', code: null })
  })
})
