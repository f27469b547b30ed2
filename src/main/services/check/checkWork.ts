// What a Gateway check would bill, as work for the cost estimate before it starts: its plan (the same battery
// the run follows), each text probe's draft counted by the local tokenizer at its max tokens (a probe that sends
// two requests counted twice; a refusal the spec expects and a token count bill nothing), each embedding
// probe's inputs, a rerank per search, each video job by its model's defaults and the console image task per
// image. Summed per subject, so a check of many models stays a few items.
import type { PlannedWork, WorkItem } from '../../../shared/cost/estimate'
import type { WireFormat } from '../../../shared/format'
import { planBattery, probeById, type BatteryChoice } from '../../../shared/check/battery'
import type { TextProbe } from '../../../shared/check/probes'
import { IMAGE_PROBE_BODY, videoProbeForm, type EmbedProbe } from '../../../shared/check/serviceProbeDefs'
import { findVideoModel } from '../../../shared/catalog/videoModels'
import { videoBill } from '../../../shared/video/bill'
import type { LocalTokenizer } from '../cost/tokenizer'
import { estimateTokens } from '../text/tokenCount'

/** Expectations whose answer bills nothing: a refusal, a count; and those that send two billed requests. */
const UNBILLED = new Set(['error', 'countTokens'])
const TWICE = new Set(['toolRoundTrip', 'cacheUsage', 'previousResponse'])

export function checkWork(profileId: string, choice: BatteryChoice, tokenizer: LocalTokenizer): PlannedWork {
  const items = new Map<string, WorkItem>()
  const add = (key: string, item: WorkItem, merge: (was: WorkItem) => WorkItem) => {
    const was = items.get(key)
    items.set(key, was ? merge(was) : item)
  }
  for (const cell of planBattery(choice)) {
    if (cell.skip) continue
    const probe = probeById(cell.probeId)
    if (!probe) continue
    if (cell.group === 'text') {
      const text = probe as TextProbe
      if (UNBILLED.has(text.expect.kind)) continue
      const format = cell.format as WireFormat
      const draft = text.draft(cell.model, format)
      const times = TWICE.has(text.expect.kind) ? 2 : 1
      const input = estimateTokens(draft, tokenizer) * times
      const output = (draft.maxTokens ?? 0) * times
      add(
        cell.subject,
        { label: cell.subject, format, model: cell.model, runs: 1, inputTokens: input, outputTokens: output },
        (was) =>
          'format' in was
            ? { ...was, inputTokens: was.inputTokens + input, outputTokens: was.outputTokens + output }
            : was,
      )
    } else if (cell.group === 'embeddings') {
      const draft = (probe as EmbedProbe).draft(cell.model)
      const tokens = draft.inputs.reduce((n, i) => n + tokenizer.countTokens(i.text), 0)
      add(
        cell.subject,
        { kind: 'embedding', label: cell.subject, model: cell.model, runs: 1, inputTokens: tokens },
        (was) => (was.kind === 'embedding' ? { ...was, inputTokens: was.inputTokens + tokens } : was),
      )
    } else if (cell.group === 'rerank') {
      add(cell.subject, { kind: 'rerank', label: cell.subject, model: cell.model, runs: 1 }, (was) => ({
        ...was,
        runs: was.runs + 1,
      }))
    } else if (cell.group === 'video') {
      const info = findVideoModel(cell.model)
      if (!info) continue
      const bill = videoBill(info, videoProbeForm(info))
      items.set(cell.subject, { kind: 'video', label: cell.subject, model: cell.model, runs: 1, ...bill })
    } else if (cell.group === 'images') {
      items.set(cell.subject, {
        kind: 'images',
        label: cell.subject,
        model: IMAGE_PROBE_BODY.model,
        runs: 1,
        images: IMAGE_PROBE_BODY.n,
      })
    }
  }
  return {
    work: items.size ? [{ profileId, items: [...items.values()] }] : [],
    leftOut: [],
    assumed: [
      'a probe that sends two requests (tool round, caching, previous response) bills its first twice',
    ],
  }
}
