import { describe, expect, it } from 'vitest'
import { errorTextOf, MAX_ERROR_TEXT } from './errorText'
import { readError } from './read'

describe('error text of any body', () => {
  it('reads the words of Python web frameworks, flat and nested', () => {
    expect(errorTextOf({ detail: 'Not authenticated' })).toBe('Not authenticated')
    expect(errorTextOf({ detail: { error: 'Invalid model name passed in model=x' } })).toBe(
      'Invalid model name passed in model=x',
    )
    expect(
      errorTextOf({ detail: [{ loc: ['body', 'messages'], msg: 'field required', type: 'missing' }] }),
    ).toBe('body.messages: field required')
  })

  it('shows plain text as it is and an HTML page as its title and visible text, bounded', () => {
    expect(errorTextOf('upstream connect error or disconnect/reset before headers\n')).toBe(
      'upstream connect error or disconnect/reset before headers',
    )
    const page =
      '<!DOCTYPE html><html><head><title>502 Bad Gateway</title><style>h1{color:red}</style>' +
      '<script>var x = "<b>hidden</b>"</script></head><body><center><h1>502 Bad Gateway</h1></center>' +
      '<hr><center>nginx &amp; friends</center></body></html>'
    expect(errorTextOf(page)).toBe('502 Bad Gateway: nginx & friends (an HTML page)')
    const huge = `<html><body>${'<p>word</p>'.repeat(100_000)}</body></html>`
    expect(errorTextOf(huge)!.length).toBeLessThanOrEqual(MAX_ERROR_TEXT)
  })

  it('stays linear on a hostile page of unclosed tags', () => {
    const hostile = `<html>${'<script'.repeat(50_000)}${'<title'.repeat(50_000)}`
    const started = performance.now()
    errorTextOf(hostile)
    expect(performance.now() - started).toBeLessThan(500)
  })

  it('reads "None" placeholders as absent and never says an error has no message when words exist', () => {
    const e = readError(
      { error: { message: 'litellm.BadRequestError: bad model', type: 'None', param: 'None', code: 'None' } },
      400,
    )
    expect(e).toMatchObject({ status: 400, message: 'litellm.BadRequestError: bad model' })
    expect(e.code).toBeUndefined()
    expect(e.errorType).toBeUndefined()
    expect(readError({ detail: { message: 'quota exceeded' } }, 400).message).toBe('quota exceeded')
    expect(readError('', 502).message).toBe('HTTP 502 with an empty body')
    expect(readError({ unrelated: 1 }, 400).message).toBe('{"unrelated":1}')
  })
})
