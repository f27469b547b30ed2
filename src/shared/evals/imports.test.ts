// Imports from hand-written files in the documented shapes (test/fixtures/evals), with bad rows in each.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readCsv, readJson, readJsonl } from './dataset'
import { readOpenAiEvals } from './openaiEvalsImport'
import { readPromptfooConfig } from './promptfooImport'

const fixtures = join(__dirname, '../../../test/fixtures/evals')
const read = (dir: string) => (rel: string) => {
  try {
    return readFileSync(join(fixtures, dir, rel), 'utf8')
  } catch {
    return null
  }
}
const defaults = { judge: { format: 'chat' as const, model: 'judge' }, embeddingModel: 'emb' }

describe('dataset imports', () => {
  it('CSV: columns become variables, bad rows are named by line and the rest kept', () => {
    const csv = 'question,expected\n"What is 2+2?",4\n"multi\nline",5\nonly-one\n"unclosed,6\n'
    const out = readCsv(csv, defaults)
    expect(out.dataset.columns).toEqual(['question', 'expected'])
    expect(out.dataset.rows.map((r) => r.cells)).toEqual([
      ['What is 2+2?', '4'],
      ['multi\nline', '5'],
    ])
    expect(out.problems.map((p) => p.line)).toEqual([5, 6])
    expect(out.problems[0]!.message).toMatch(/1 fields where the header has 2/)
  })

  it('CSV: a header that is not a variable name is named', () => {
    const out = readCsv('good,bad name\n1,2\n', defaults)
    expect(out.dataset.rows).toEqual([])
    expect(out.problems[0]).toMatchObject({ line: 2, field: 'bad name' })
  })

  it('JSONL: each line an object; OpenAI items are unwrapped; bad lines named', () => {
    const out = readJsonl('{"q":"a","n":1}\n\n{oops}\n[1]\n{"item":{"q":"b","extra":{"x":1}}}\n', defaults)
    expect(out.dataset.columns).toEqual(['q', 'n', 'extra'])
    expect(out.dataset.rows.map((r) => r.cells)).toEqual([
      ['a', '1', ''],
      ['b', '', '{"x":1}'],
    ])
    expect(out.problems).toEqual([
      { line: 3, field: null, message: expect.stringMatching(/^not JSON/) },
      { line: 4, field: null, message: 'a row must be an object of field: value' },
    ])
  })

  it('JSON: an array of rows, each bad element named by its line', () => {
    const text = '[\n  {"q": "a"},\n  "nope",\n  {"q": "b",\n   "bad key": 1},\n  {"q": "c"}\n]'
    const out = readJson(text, defaults)
    expect(out.dataset.rows.map((r) => r.cells)).toEqual([['a'], ['c']])
    expect(out.problems).toEqual([
      { line: 3, field: null, message: 'a row must be an object of field: value' },
      { line: 4, field: 'bad key', message: expect.stringContaining('not a variable name') },
    ])
    expect(readJson('{"rows": [{"a": "1"}]}', defaults).dataset.rows).toHaveLength(1)
    expect(readJson('{"a": 1}', defaults).problems[0]!.message).toMatch(/array of rows/)
  })
})

describe('promptfoo config import', () => {
  const out = readPromptfooConfig(read('promptfoo')('promptfooconfig.yaml')!, read('promptfoo'))
  if (!out.ok) throw new Error(out.problems.join('; '))
  const plan = out.plan

  it('reads prompts from a text file split on ---, chat JSON and inline text', () => {
    expect(plan.name).toBe('Capitals and translations')
    expect(plan.prompts).toHaveLength(4)
    expect(plan.prompts[0]!.messages[0]!.parts[0]).toEqual({
      type: 'text',
      text: 'Tell me about {{country}} in a {{tone}} tone.',
    })
    expect(plan.prompts[1]!.messages[0]!.parts[0]).toMatchObject({
      text: 'What is the capital of {{country}}?',
    })
    expect(plan.prompts[2]).toMatchObject({ label: 'chat prompt', system: 'You are a geography tutor.' })
    expect(plan.unmapped).toContain('prompt 4: Nunjucks filter upper ({{ word | upper }}) kept as written')
  })

  it('maps providers to formats and lists the others', () => {
    expect(plan.variants.map((v) => `${v.format}:${v.model}`)).toEqual([
      'chat:gpt-4o-mini',
      'chat:sim-chat',
      'responses:sim-resp',
      'messages:sim-claude',
      'native:sim-gemini',
      'native:sim-vertex',
    ])
    expect(plan.variants[1]).toMatchObject({
      label: 'chat model',
      params: { temperature: 0.2, maxTokens: 256, stream: false },
    })
    expect(plan.unmapped).toEqual(
      expect.arrayContaining(['provider ollama:llama3', 'provider file://custom_provider.py']),
    )
  })

  it('reads tests: vars (lists expanded), assertions mapped, defaultTest vars and graders', () => {
    const col = (name: string) => plan.dataset.columns.indexOf(name)
    const rows = plan.dataset.rows
    expect(rows.map((r) => r.cells[col('country')])).toEqual([
      'France',
      'Spain',
      'Italy',
      'Germany',
      'Japan',
      'Peru',
      'Norway',
    ])
    expect(rows.every((r) => r.cells[col('tone')] === 'plain')).toBe(true)
    expect(plan.graders).toEqual([{ kind: 'totalUnder', ms: 30000 }])
    const first = rows[0]!
    expect(first.description).toBe('capital of France')
    expect(first.graders!.map((g) => g.kind)).toEqual([
      'contains',
      'containsAny',
      'containsAll',
      'contains',
      'matches',
      'judge',
      'similarity',
      'costUnder',
    ])
    expect(first.graders![3]).toEqual({ kind: 'contains', text: 'Berlin', not: true })
    expect(first.graders![2]).toEqual({ kind: 'containsAll', values: ['simulated', 'France'] })
    expect(first.graders![5]).toMatchObject({
      kind: 'judge',
      rubric: 'mentions {{country}}',
      judge: { format: 'chat', model: 'judge-model' },
      prompt: [{ role: 'system' }, { role: 'user', content: 'Output: {{ output }} Rubric: {{ rubric }}' }],
    })
    expect(first.graders![6]).toMatchObject({
      kind: 'similarity',
      threshold: 0.6,
      expected: 'The capital of France is Paris',
    })
    expect(first.graders![7]).toEqual({ kind: 'costUnder', amount: 0.01 })
    expect(rows[1]!.graders).toEqual([
      { kind: 'equals', value: 'Madrid' },
      { kind: 'json', schema: { type: 'object', required: ['capital'] } },
    ])
    expect(plan.unmapped).toEqual(
      expect.arrayContaining([
        'assert javascript (runs code from the suite)',
        'assert python (runs code from the suite)',
      ]),
    )
  })

  it('reads a CSV of tests with __expected columns; a bad row is named by file and line', () => {
    const germany = plan.dataset.rows[3]!
    expect(germany.description).toBe('csv row one')
    expect(germany.graders).toEqual([
      { kind: 'contains', text: 'germany', ignoreCase: true },
      expect.objectContaining({ kind: 'judge', rubric: 'says Berlin' }),
    ])
    expect(plan.dataset.rows[4]!.graders).toEqual([{ kind: 'containsAny', values: ['Tokyo', 'Japan'] }])
    expect(plan.dataset.rows[6]!.graders).toEqual([
      { kind: 'contains', text: 'sweden', ignoreCase: true, not: true },
      expect.objectContaining({ kind: 'similarity', threshold: 0.7, expected: 'Oslo is the capital' }),
    ])
    expect(plan.problems).toEqual(
      expect.arrayContaining([
        { where: 'tests.csv line 5', message: '2 fields where the header has 4: the row was left out' },
        {
          where: 'tests.csv line 4, field __expected1',
          message: 'not graded: __expected javascript (runs code from the suite)',
        },
      ]),
    )
  })

  it('a bad file is refused with its line', () => {
    const bad = readPromptfooConfig('prompts: [a\nproviders: : :', () => null)
    expect(bad.ok).toBe(false)
    expect((bad as { problems: string[] }).problems[0]).toMatch(/^line \d+:/)
    const none = readPromptfooConfig('prompts: [hi]\nproviders: [ollama:x]\ntests: []', () => null)
    expect(none).toMatchObject({ ok: false, problems: [expect.stringMatching(/^providers: none maps/)] })
  })

  it('YAML alias bombs are refused, not expanded', () => {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      ...Array.from(
        { length: 8 },
        (_, i) =>
          `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10)
            .fill(`*${String.fromCharCode(97 + i)}`)
            .join(', ')}]`,
      ),
      'prompts: [hi]',
      'providers: [openai:x]',
    ].join('\n')
    const refused = readPromptfooConfig(bomb, () => null)
    expect(refused).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/more than 1,000,000 values once its aliases are followed/)],
    })
    // The same bomb as a tests file is refused by the file's name.
    const viaFile = readPromptfooConfig(
      'prompts: [hi]\nproviders: [openai:x]\ntests: file://tests.yaml\n',
      (rel) => (rel === 'tests.yaml' ? bomb : null),
    )
    expect(viaFile.ok && viaFile.plan.problems.map((p) => p.message).join()).toMatch(
      /^tests\.yaml: the YAML comes to more than/,
    )
  })

  it('YAML anchors and aliases used as people write them are read; dates and yes/no stay text', () => {
    const config = [
      'prompts: ["Say {{word}} on {{day}}"]',
      'providers: [openai:chat:m]',
      'defaultTest:',
      '  assert: &checks',
      '    - type: icontains',
      '      value: "{{word}}"',
      'tests:',
      '  - vars: { word: yes, day: 2024-01-02 }',
      '  - vars: { word: "no", day: 2024-01-03 }',
      '    assert: *checks',
    ].join('\n')
    const out = readPromptfooConfig(config, () => null)
    expect(out.ok).toBe(true)
    const plan = (out as Extract<typeof out, { ok: true }>).plan
    expect(plan.dataset.rows.map((r) => r.cells)).toEqual([
      ['yes', '2024-01-02'],
      ['no', '2024-01-03'],
    ])
    expect(plan.graders).toHaveLength(1)
    expect(plan.dataset.rows[1]!.graders).toHaveLength(1)
  })

  it('a duplicated key is refused with the line it is on', () => {
    const dup = readPromptfooConfig('prompts: [a]\nproviders: [openai:x]\nprompts: [b]\n', () => null)
    expect(dup).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/^line 3: duplicated mapping key/)],
    })
  })
})

describe('OpenAI Evals import', () => {
  const out = readOpenAiEvals(read('openai')('dataset.jsonl')!, read('openai')('eval.json'), defaults)

  it('reads items as rows and names the bad lines', () => {
    expect(out.read.dataset.columns).toEqual(['question', 'answer', 'tags'])
    expect(out.read.dataset.rows).toHaveLength(4)
    expect(out.read.dataset.rows[3]!.cells[2]).toBe('["geo","south"]')
    expect(out.read.problems.map((p) => p.line)).toEqual([3, 5])
  })

  it('maps string_check, text_similarity (cosine) and score_model; lists the rest', () => {
    expect(out.graders).toEqual([
      { kind: 'equals', value: '{{answer}}' },
      { kind: 'contains', text: '{{answer}}', ignoreCase: true },
      { kind: 'jsonPathEquals', path: '$.city', value: '{{answer}}' },
      { kind: 'similarity', expected: '{{answer}}', model: 'emb', threshold: 0.85 },
      {
        kind: 'judge',
        rubric: '',
        judge: { format: 'chat', model: 'judge-model' },
        threshold: 0.7,
        range: [0, 10],
        prompt: [
          { role: 'system', content: 'Score how well the answer names the capital, 0 to 10.' },
          { role: 'user', content: 'Question: {{question}} Answer: {{output}} Expected: {{answer}}' },
        ],
      },
    ])
    expect(out.unmapped).toEqual([
      'text_similarity "bleu" with bleu (only cosine is mapped)',
      'python "py"',
      'label_model "labels"',
    ])
  })

  it('takes the run template as the prompt', () => {
    expect(out.prompt).toMatchObject({
      system: 'Answer with the city only.',
      messages: [{ role: 'user', parts: [{ text: '{{question}}' }] }],
    })
  })
})
