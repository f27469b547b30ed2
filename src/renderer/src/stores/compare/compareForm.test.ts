import { describe, expect, it } from 'vitest'
import {
  columnDraft,
  columnLoss,
  EMPTY_SHARED,
  newColumn,
  oneFormatSeveralModels,
  oneModelAllFormats,
  runIssues,
  type SharedDraft,
} from './compareForm'
import { buildDraft, DEFAULT_FORM } from '../form'

const shared: SharedDraft = {
  ...EMPTY_SHARED,
  system: 'Be brief.',
  composer: 'Name a colour.',
  params: { ...EMPTY_SHARED.params, topK: 40 },
}

describe('compare columns', () => {
  it('starts a comparison from the same defaults as a new Text draft', () => {
    const column = newColumn(DEFAULT_FORM.format, DEFAULT_FORM.model)
    // Each build names its new turn afresh; everything else must be the same.
    const { messages: textTurns, ...text } = buildDraft({ ...DEFAULT_FORM, composer: 'Hi' }, true).draft
    const { messages: columnTurns, ...compared } = columnDraft(
      { ...EMPTY_SHARED, composer: 'Hi' },
      column,
    ).draft
    expect(compared).toEqual(text)
    expect(columnTurns.map((m) => m.parts)).toEqual(textTurns.map((m) => m.parts))
    expect(EMPTY_SHARED.params).toBe(DEFAULT_FORM.params)
  })

  it('"one model, all four formats" makes a column per format with that model', () => {
    const columns = oneModelAllFormats('m1')
    expect(columns.map((c) => [c.format, c.model])).toEqual([
      ['chat', 'm1'],
      ['responses', 'm1'],
      ['messages', 'm1'],
      ['native', 'm1'],
    ])
    expect(new Set(columns.map((c) => c.id)).size).toBe(4)
  })

  it('"one format, several models" drops blanks and repeats and keeps at most eight', () => {
    expect(oneFormatSeveralModels('messages', [' a ', '', 'b', 'a']).map((c) => c.model)).toEqual(['a', 'b'])
    expect(
      oneFormatSeveralModels(
        'chat',
        Array.from({ length: 12 }, (_, i) => `m${i}`),
      ),
    ).toHaveLength(8)
  })

  it('a column sends the shared draft with its own model and only its own format fields', () => {
    const column = { ...newColumn('messages', 'claude'), extras: { thinking: { type: 'disabled' } } }
    const { draft } = columnDraft(shared, column)
    expect(draft).toMatchObject({ model: 'claude', system: 'Be brief.', topK: 40 })
    expect(draft.messages.at(-1)?.parts).toEqual([{ type: 'text', text: 'Name a colour.' }])
    expect(draft.extras).toEqual({ messages: { thinking: { type: 'disabled' } } })
    expect(shared.params.topK).toBe(40)
  })

  it('lists what each column loses, the first column being the reference for moved fields', () => {
    const columns = oneModelAllFormats('m')
    expect(columnLoss(shared, columns, 0).map((w) => `${w.kind} ${w.path}`)).toEqual(['dropped topK'])
    const native = columnLoss(shared, columns, 3).map((w) => `${w.kind} ${w.path}`)
    expect(native).toContain('moved system')
    expect(native).toContain('moved maxTokens')
  })

  it('a run is refused naming the field when there is no prompt, and naming the column for its own errors', () => {
    expect(runIssues({ ...shared, composer: '' }, oneModelAllFormats('m')).map((i) => i.message)).toEqual([
      'Prompt: write the prompt every column sends (or attach a file)',
    ])
    const columns = [newColumn('chat', 'm'), { ...newColumn('native', 'g'), extras: { cachedContent: 5 } }]
    const issues = runIssues({ ...shared, params: { ...shared.params, temperature: 3 } }, columns)
    expect(issues.map((i) => i.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^1\. Chat completions · m: temperature: temperature must be between 0 and 2/),
        expect.stringMatching(/^2\. Native \(generateContent\) · g: extras\.cachedContent: /),
      ]),
    )
    expect(runIssues(shared, [newColumn('chat', 'm')])[0]?.message).toBe('columns: compare 2 to 8 columns')
  })

  it('names a variable without a value once for the shared prompt, not once per column', () => {
    const columns = oneModelAllFormats('m1')
    const issues = runIssues({ ...shared, composer: 'About {{city}}' }, columns)
    expect(issues.filter((i) => i.field === 'variables').map((i) => i.message)).toEqual([
      'Variables: no value for {{city}}',
    ])
    expect(
      runIssues({ ...shared, composer: 'About {{city}}', variables: { city: 'Oslo' } }, columns),
    ).toEqual([])
  })
})
