import { describe, expect, it } from 'vitest'
import { withText } from './embeddingsStore'

describe("the samples' labels", () => {
  it('go when the user writes their own sentence in place of a sample', () => {
    expect(
      withText({ label: 'cat', text: 'The cat sat on the mat.' }, 'Invoices are due on Friday.'),
    ).toEqual({
      label: '',
      text: 'Invoices are due on Friday.',
    })
  })

  it("stay on the sample's own sentence and on labels the user gave", () => {
    expect(withText({ label: 'cat', text: 'The cat sat on the mat.' }, 'The cat sat on the mat.')).toEqual({
      label: 'cat',
      text: 'The cat sat on the mat.',
    })
    expect(withText({ label: 'cat', text: 'My cat' }, 'My cat sleeps')).toEqual({
      label: 'cat',
      text: 'My cat sleeps',
    })
    expect(withText({ label: 'invoice', text: 'Pay by Friday' }, 'Pay by Monday')).toEqual({
      label: 'invoice',
      text: 'Pay by Monday',
    })
  })
})
