// The simulator reads thinking budgets for named efforts from the catalog, the same table the messages
// adapter sends as budget_tokens, so an effort means one budget in forms, requests and simulated replies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSimulator } from '../server'
import { postJson, startSimulator } from '../../../test/fakes/simulatorClient'
import { THINKING_BUDGET_BY_EFFORT } from '../../shared/catalog/textParams'
import { reasoningTarget } from './reply'
import { DEFAULT_BUDGET, effortBudget } from './route'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

describe('effort budgets', () => {
  let sim: RunningSimulator
  beforeAll(async () => {
    sim = await startSimulator()
  })
  afterAll(() => sim.close())

  it('names the catalog budget for each effort, in any case, and none for other names', () => {
    for (const [effort, budget] of Object.entries(THINKING_BUDGET_BY_EFFORT)) {
      expect(effortBudget(effort)).toBe(budget)
      expect(effortBudget(effort.toUpperCase())).toBe(budget)
    }
    expect(DEFAULT_BUDGET).toBe(THINKING_BUDGET_BY_EFFORT.medium)
    expect(effortBudget('minimal')).toBeUndefined()
    expect(effortBudget('toString')).toBeUndefined()
  })

  it('reasons for reasoning_effort low as long as the catalog low budget asks, in chat, responses and native', async () => {
    // Reasoning length follows the budget (reasoningTarget); the replies are seeded, so the counts are stable.
    const low = reasoningTarget(THINKING_BUDGET_BY_EFFORT.low)
    const medium = reasoningTarget(THINKING_BUDGET_BY_EFFORT.medium)
    const ask = async (path: string, body: Json) => (await (await postJson(sim, path, body)).json()) as Json
    const question = 'Why is the sky blue?'
    const chat = await ask('/v1/chat/completions', {
      model: 'gpt-4o-mini',
      reasoning_effort: 'low',
      messages: [{ role: 'user', content: question }],
    })
    const responses = await ask('/v1/responses', {
      model: 'gpt-4o-mini',
      reasoning: { effort: 'low', summary: 'auto' },
      input: question,
    })
    const native = await ask('/v1beta/models/gemini-2.5-flash:generateContent', {
      contents: [{ role: 'user', parts: [{ text: question }] }],
      generationConfig: { thinkingConfig: { thinkingLevel: 'LOW', includeThoughts: true } },
    })
    const counts = [
      chat.usage.completion_tokens_details.reasoning_tokens,
      responses.usage.output_tokens_details.reasoning_tokens,
      native.usageMetadata.thoughtsTokenCount,
    ]
    for (const count of counts) {
      expect(count).toBeGreaterThanOrEqual(low)
      expect(count).toBeLessThan(medium)
    }
  })
})
