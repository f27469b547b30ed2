import { describe, expect, it } from 'vitest'
import { aboutRequestContent, modelUnavailable } from './refusalSubject'

const j = (v: unknown) => JSON.stringify(v)

describe('modelUnavailable', () => {
  it('reads a 404 and the words real gateways use for a model they do not host', () => {
    expect(modelUnavailable(404, '')).toBe(true)
    // LiteLLM
    expect(
      modelUnavailable(
        400,
        j({
          error: {
            message:
              'Invalid model name passed in model=nope. Call `/v1/models` to view available models for your key.',
            type: 'invalid_request_error',
            param: 'None',
            code: '400',
          },
        }),
      ),
    ).toBe(true)
    expect(modelUnavailable(400, j({ error: { message: 'The model `x` does not exist', type: 'x' } }))).toBe(
      true,
    )
    expect(modelUnavailable(400, j({ error: { message: 'bad', code: 'model_not_found' } }))).toBe(true)
    expect(modelUnavailable(422, j({ error: { message: 'unknown', param: 'model' } }))).toBe(true)
  })

  it('does not take a refusal of a parameter, an auth failure or a rate limit for a missing model', () => {
    expect(
      modelUnavailable(
        400,
        j({ error: { message: 'temperature is not supported by this model', type: 't' } }),
      ),
    ).toBe(false)
    expect(modelUnavailable(400, j({ error: { message: 'max_tokens exceeds the model limit' } }))).toBe(false)
    expect(modelUnavailable(401, j({ error: { message: 'invalid model access key' } }))).toBe(false)
    expect(modelUnavailable(429, '')).toBe(false)
    expect(modelUnavailable(500, 'model not found')).toBe(false)
    expect(modelUnavailable(null, '')).toBe(false)
  })
})

describe('aboutRequestContent', () => {
  it('is false for a proxy trouble that says nothing of the request', () => {
    const noDb = j({
      error: { message: 'No connected db.', type: 'no_db_connection', param: 'None', code: '400' },
    })
    expect(aboutRequestContent(400, noDb)).toBe(false)
    expect(aboutRequestContent(400, '<html>400 Bad Request</html>')).toBe(false)
    expect(aboutRequestContent(400, j({ status: 'failure', message: 'Something went wrong' }))).toBe(false)
  })

  it('is true for a refusal naming a parameter, typed as an invalid request, or citing a field', () => {
    expect(aboutRequestContent(400, j({ error: { message: 'x', type: 'y', param: 'messages' } }))).toBe(true)
    expect(
      aboutRequestContent(400, j({ type: 'error', error: { type: 'invalid_request_error', message: 'x' } })),
    ).toBe(true)
    expect(aboutRequestContent(422, j({ detail: 'max_tokens must be greater than 0' }))).toBe(true)
    expect(
      aboutRequestContent(
        404,
        j({ error: { code: 404, message: 'models/x is not found', status: 'NOT_FOUND' } }),
      ),
    ).toBe(true)
  })

  it('is false for statuses that are not about content at all', () => {
    expect(aboutRequestContent(401, j({ error: { message: 'model', param: 'model' } }))).toBe(false)
    expect(aboutRequestContent(429, '')).toBe(false)
  })
})
