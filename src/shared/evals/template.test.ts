import { describe, expect, it } from 'vitest'
import { fillTemplate, parseTemplate, renameVariables, templateNames } from './template'
import { draftVariableNames, fillDraft, unsetVariables } from './draftVariables'

describe('templates', () => {
  it('lists the variables in order of first use, with spaces and dotted names allowed', () => {
    expect(templateNames('Hi {{name}}, {{ city }} and {{name}} or {{item.question}}')).toEqual([
      'name',
      'city',
      'item.question',
    ])
  })

  it('fills values as they are and leaves unset names written, listing them', () => {
    const out = fillTemplate('{{a}} + {{ b }} = {{c}}', { a: '1', b: '{{c}}' })
    expect(out.text).toBe('1 + {{c}} = {{c}}')
    expect(out.missing).toEqual(['c'])
  })

  it('an empty value is set (only a missing one holds Send)', () => {
    expect(fillTemplate('[{{a}}]', { a: '' })).toEqual({ text: '[]', missing: [] })
  })

  it('reports Nunjucks filters, tags and comments by name and keeps them as written', () => {
    const { parts, features } = parseTemplate(
      '{{ word | upper }} {% if x %}y{% endif %} {# note #} {{ 1 + 2 }}',
    )
    expect(features.map((f) => `${f.kind}:${f.name}`)).toEqual([
      'filter:upper',
      'tag:if',
      'tag:endif',
      'comment:comment',
      'expression:1 + 2',
    ])
    expect(parts.map((p) => p.value).join('')).toBe(
      '{{ word | upper }} {% if x %}y{% endif %} {# note #} {{ 1 + 2 }}',
    )
  })

  it('stays linear on hostile text (a million unclosed braces)', () => {
    const text = '{{a'.repeat(1_000_000)
    const t0 = performance.now()
    expect(templateNames(text)).toEqual([])
    expect(performance.now() - t0).toBeLessThan(5000)
  })

  it('renames variables and keeps the rest', () => {
    expect(
      renameVariables('Q: {{ item.q }} A: {{sample.output_text}} {{ x | y }}', (n) => n.replace('item.', '')),
    ).toBe('Q: {{q}} A: {{sample.output_text}} {{ x | y }}')
  })
})

describe('variables in a draft', () => {
  const draft = {
    system: 'You are {{persona}}.',
    messages: [
      { role: 'user' as const, parts: [{ type: 'text' as const, text: 'Tell {{name}} about {{topic}}' }] },
      { role: 'assistant' as const, parts: [{ type: 'text' as const, text: 'About {{topic}}?' }] },
    ],
    tools: [{ name: 'lookup', description: 'Looks up {{topic}} in {{source}}' }],
  }

  it('finds names in the system prompt, every turn and tool descriptions', () => {
    expect(draftVariableNames(draft)).toEqual(['persona', 'name', 'topic', 'source'])
    expect(unsetVariables(draft, { persona: 'a tutor', name: 'Ann' })).toEqual(['topic', 'source'])
  })

  it('fills them all and says which were missing', () => {
    const { draft: filled, missing } = fillDraft(draft, { persona: 'a tutor', name: 'Ann', topic: 'tides' })
    expect(filled.system).toBe('You are a tutor.')
    expect(filled.messages[0]!.parts[0]).toEqual({ type: 'text', text: 'Tell Ann about tides' })
    expect(filled.messages[1]!.parts[0]).toEqual({ type: 'text', text: 'About tides?' })
    expect(filled.tools![0]!.description).toBe('Looks up tides in {{source}}')
    expect(missing).toEqual(['source'])
    expect(draft.system).toBe('You are {{persona}}.')
  })
})
