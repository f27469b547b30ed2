// A kept run's set-up back in the form: a plan becomes the form that makes it again (every field), the form is
// known to hold it until a field changes, and the simulator's length trigger is offered only when every target's
// profile is the simulator.
import { describe, expect, it } from 'vitest'
import type { LoadPlan } from '../../../../shared/load/plan'
import { formOf, LOAD_FORM_DEFAULTS, newTarget, planOf, sameSetup, simTokensOffered } from './form'

const plan: LoadPlan = {
  name: 'two targets',
  targets: [
    { profileId: 'sim', model: 'gpt-4o-mini', format: 'chat', stream: true },
    { profileId: 'prod', model: 'claude-haiku-4-5', format: 'messages', stream: false },
  ],
  prompts: { kind: 'file', ref: 'media-1', name: 'prompts.txt' },
  maxTokens: 24,
  simTokens: false,
  shape: {
    mode: 'rate',
    levels: [1, 2, 4],
    per: 'seconds',
    amount: 30,
    warmup: 3,
    timeoutS: 60,
    maxInFlight: 64,
  },
  goodput: { ttftMs: 500, tpotMs: null },
}

describe("a kept run's set-up in the form", () => {
  it('becomes the form that makes the same plan again', () => {
    const form = formOf(plan)
    expect(form).toMatchObject({
      levels: '1, 2, 4',
      amount: '30',
      ttftLimit: '500',
      tpotLimit: '',
      name: 'two targets',
    })
    expect(planOf(form)).toEqual(plan)
    const synthetic = { ...plan, prompts: { kind: 'synthetic' as const, inputTokens: 256 }, name: undefined }
    const { name: _name, ...unnamed } = synthetic
    expect(planOf(formOf(unnamed))).toEqual(unnamed)
  })

  it('is the form until a field changes', () => {
    const form = formOf(plan)
    expect(sameSetup(form, plan)).toBe(true)
    expect(sameSetup({ ...form, levels: '1, 2, 8' }, plan)).toBe(false)
    expect(sameSetup({ ...form, targets: form.targets.slice(0, 1) }, plan)).toBe(false)
    expect(sameSetup(LOAD_FORM_DEFAULTS, plan)).toBe(false)
  })

  it('offers sim:tokens only when every target is the simulator', () => {
    const form = { ...LOAD_FORM_DEFAULTS, targets: [newTarget('sim'), newTarget('copy')] }
    expect(simTokensOffered(form, ['sim', 'copy'])).toBe(true)
    expect(
      simTokensOffered({ ...form, targets: [...form.targets, newTarget('prod')] }, ['sim', 'copy']),
    ).toBe(false)
    expect(simTokensOffered(form, [])).toBe(false)
  })
})
