// Recorded runs made up for history tests and benchmarks: varied kinds, formats, models and words, with a
// deterministic answer per index so a search for a word can be checked against the rows that contain it.
import type { RunRecord } from '../../src/main/services/history/ports'

const WORDS = [
  'otter',
  'granite',
  'lantern',
  'meadow',
  'cobalt',
  'saffron',
  'harbor',
  'quartz',
  'willow',
  'ember',
]
const FORMATS = ['chat', 'responses', 'messages', 'native'] as const
const STATUSES = ['done', 'done', 'done', 'error', 'incomplete', 'aborted'] as const

export function madeUpRun(i: number, base = Date.UTC(2026, 0, 1)): RunRecord {
  const word = WORDS[i % WORDS.length]!
  return {
    id: `run-made-up-${i}`,
    kind: 'text',
    createdAt: base + i * 1000,
    format: FORMATS[i % FORMATS.length]!,
    model: `model-${i % 7}`,
    profile: i % 3 === 0 ? 'Local simulator' : 'Staging',
    status: STATUSES[i % STATUSES.length]!,
    ttftMs: 100 + (i % 50),
    totalMs: 900 + (i % 300),
    inputTokens: 20,
    outputTokens: 40 + (i % 100),
    prompt: `Question ${i}: tell me about the ${word}`,
    answer: `Answer ${i} mentions the ${word} and token${i} among ordinary words of a longer reply.`,
    requestBody: JSON.stringify({
      model: `model-${i % 7}`,
      messages: [{ role: 'user', content: `Question ${i}` }],
    }),
    draft: {
      model: `model-${i % 7}`,
      messages: [{ role: 'user', parts: [{ type: 'text', text: `Question ${i}` }] }],
    },
    result: { summary: { stopReason: 'stop' } },
    error: null,
    capture: null,
  }
}
