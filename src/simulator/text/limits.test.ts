// The simulator and the client's draft validation read one set of limits from the catalog: at every format's
// temperature and top_p bounds and at the messages thinking-budget minimum, a value the form accepts is served
// (200 over real HTTP) and a value the form refuses is refused by the simulator (400) for the same field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_MODEL_BY_FORMAT } from '../../shared/catalog/textModels'
import {
  TEMPERATURE_RANGE,
  THINKING_BUDGET_EXCLUSIVE_MIN,
  TOP_P_RANGE,
} from '../../shared/catalog/textParams'
import { formats, validateDraft, type Draft, type WireFormat } from '../../shared/wire'
import type { RunningSimulator } from '../server'
import { postJson, startSimulator } from '../../../test/fakes/simulatorClient'

const FORMATS: WireFormat[] = ['chat', 'responses', 'messages', 'native']

let sim: RunningSimulator
beforeAll(async () => {
  sim = await startSimulator()
})
afterAll(async () => {
  await sim.close()
})

function draftFor(format: WireFormat, patch: Partial<Draft>): Draft {
  return {
    model: DEFAULT_MODEL_BY_FORMAT[format],
    stream: false,
    maxTokens: 32,
    messages: [{ role: 'user', parts: [{ type: 'text', text: 'hello' }] }],
    ...patch,
  }
}

/** Whether the client refuses the draft for `field`, and the simulator's status for the built request. */
async function judge(format: WireFormat, draft: Draft, field: string): Promise<[boolean, number]> {
  const refused = validateDraft(format, draft).some((i) => i.severity === 'error' && i.field === field)
  const built = formats[format].build(draft)
  const response = await postJson(sim, built.path, built.body, built.headers)
  await response.arrayBuffer()
  return [refused, response.status]
}

describe('limits shared by draft validation and the simulator', () => {
  it.each(FORMATS)(
    '%s: temperature at the bound is served, just past it is refused by both',
    async (format) => {
      const { min, max } = TEMPERATURE_RANGE[format]
      expect(await judge(format, draftFor(format, { temperature: max }), 'temperature')).toEqual([false, 200])
      expect(await judge(format, draftFor(format, { temperature: min }), 'temperature')).toEqual([false, 200])
      expect(await judge(format, draftFor(format, { temperature: max + 0.01 }), 'temperature')).toEqual([
        true,
        400,
      ])
      expect(await judge(format, draftFor(format, { temperature: min - 0.01 }), 'temperature')).toEqual([
        true,
        400,
      ])
    },
  )

  it.each(FORMATS)('%s: top_p at the bound is served, just past it is refused by both', async (format) => {
    expect(await judge(format, draftFor(format, { topP: TOP_P_RANGE.max }), 'topP')).toEqual([false, 200])
    expect(await judge(format, draftFor(format, { topP: TOP_P_RANGE.max + 0.01 }), 'topP')).toEqual([
      true,
      400,
    ])
  })

  it('messages: a thinking budget at the exclusive minimum is refused by both, one above it is served', async () => {
    const budget = (n: number): Draft =>
      draftFor('messages', {
        maxTokens: n + 100,
        extras: { messages: { thinking: { type: 'enabled', budget_tokens: n } } },
      })
    const field = 'extras.messages.thinking.budget_tokens'
    expect(await judge('messages', budget(THINKING_BUDGET_EXCLUSIVE_MIN), field)).toEqual([true, 400])
    expect(await judge('messages', budget(THINKING_BUDGET_EXCLUSIVE_MIN + 1), field)).toEqual([false, 200])
  })

  it('messages: a budget at or over max_tokens, a rule the spec does not state, is a warning and served', async () => {
    const draft = draftFor('messages', {
      maxTokens: 2000,
      extras: { messages: { thinking: { type: 'enabled', budget_tokens: 4000 } } },
    })
    const field = 'extras.messages.thinking.budget_tokens'
    const issues = validateDraft('messages', draft).filter((i) => i.field === field)
    expect(issues.map((i) => i.severity)).toEqual(['warning'])
    expect(await judge('messages', draft, field)).toEqual([false, 200])
  })
})
