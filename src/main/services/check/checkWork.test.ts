import { describe, expect, it } from 'vitest'
import { planBattery, probeById } from '../../../shared/check/battery'
import type { TextProbe } from '../../../shared/check/probes'
import { EMBED_PROBES, RERANK_PROBES, videoProbeForm } from '../../../shared/check/serviceProbeDefs'
import { findVideoModel } from '../../../shared/catalog/videoModels'
import { videoBill } from '../../../shared/video/bill'
import type { WireFormat } from '../../../shared/format'
import { loadTokenizer } from '../cost/tokenizer'
import { estimateTokens } from '../text/tokenCount'
import { checkWork } from './checkWork'

describe('the work a gateway check would bill', () => {
  it('sums each subject: text probes at their max tokens, refusals and counts billing nothing, two-request probes twice', async () => {
    const tokenizer = await loadTokenizer()
    const choice = {
      models: ['gpt-4o-mini', 'text-embedding-3-small', 'famA-2'],
      include: ['video' as const],
    }
    const planned = checkWork('p1', choice, tokenizer)
    expect(planned.work).toHaveLength(1)
    expect(planned.work[0]!.profileId).toBe('p1')
    const items = new Map(planned.work[0]!.items.map((i) => [i.label, i]))

    // By hand from the plan: which chat probes apply to gpt-4o-mini, which bill, which send two requests.
    let input = 0
    let output = 0
    const billed: string[] = []
    for (const cell of planBattery(choice)) {
      if (cell.subject !== 'chat · gpt-4o-mini' || cell.skip) continue
      if (cell.probeId === 'badParam' || cell.probeId === 'countTokens') continue
      const times = ['tools', 'caching', 'previousResponse'].includes(cell.probeId) ? 2 : 1
      const draft = (probeById(cell.probeId) as TextProbe).draft('gpt-4o-mini', 'chat' as WireFormat)
      input += estimateTokens(draft, tokenizer) * times
      output += draft.maxTokens! * times
      billed.push(cell.probeId)
    }
    expect(billed).toContain('plain')
    expect(billed).not.toContain('badParam')
    expect(items.get('chat · gpt-4o-mini')).toEqual({
      label: 'chat · gpt-4o-mini',
      format: 'chat',
      model: 'gpt-4o-mini',
      runs: 1,
      inputTokens: input,
      outputTokens: output,
    })
    expect(output).toBeGreaterThan(0)

    // Embeddings: every input each probe sends, counted by the tokenizer.
    const embedded = EMBED_PROBES.filter(
      (p) => p.format === 'openai' && (!p.applies || p.applies('text-embedding-3-small')),
    )
      .flatMap((p) => p.draft('text-embedding-3-small').inputs)
      .reduce((n, i) => n + tokenizer.countTokens(i.text), 0)
    expect(items.get('embeddings · text-embedding-3-small')).toMatchObject({
      kind: 'embedding',
      inputTokens: embedded,
    })
    // Rerank models default to the catalog's: one search per probe.
    const rerank = [...items.values()].filter((i) => i.kind === 'rerank')
    expect(rerank.length).toBeGreaterThan(0)
    for (const r of rerank) expect(r.runs).toBe(RERANK_PROBES.length)
    // The paid video job at the model's defaults, as the probe submits it.
    const info = findVideoModel('famA-2')!
    expect(items.get('video · famA-2')).toMatchObject({
      kind: 'video',
      ...videoBill(info, videoProbeForm(info)),
    })
    // No console image task unless ticked.
    expect([...items.values()].some((i) => i.kind === 'images')).toBe(false)
  })

  it('counts the console image task per image when ticked', async () => {
    const planned = checkWork('p1', { models: ['gpt-4o'], include: ['images'] }, await loadTokenizer())
    expect(planned.work[0]!.items.filter((i) => i.kind === 'images')).toEqual([
      { kind: 'images', label: 'console · svc-image-1', model: 'svc-image-1', runs: 1, images: 1 },
    ])
    expect(planned.assumed?.join(' ')).toMatch(/two requests/)
  })
})
