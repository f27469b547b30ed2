import { describe, expect, it } from 'vitest'
import { findVideoModel } from '../catalog/videoModels'
import type { VideoForm } from './forms'
import { formForMode, imageSlots, modeOf, withSlot } from './formModes'

const model = (id: string) => findVideoModel(id)!

describe('video form modes', () => {
  it('drops the fields of other modes before sending', () => {
    const a: VideoForm = {
      family: 'A',
      prompt: 'p',
      input_reference: 'attachment:x',
      remix_from_video_id: 'video_1',
    }
    expect(formForMode('famA-2', a, 'text')).toEqual({ family: 'A', prompt: 'p' })
    expect(formForMode('famA-2', a, 'remix')).toEqual({
      family: 'A',
      prompt: 'p',
      remix_from_video_id: 'video_1',
    })
    const b: VideoForm = { family: 'B', prompt: 'p', image: 'u1', lastFrame: 'u2' }
    expect(formForMode('famB-3.1-generate-preview', b, 'firstFrame')).toEqual({
      family: 'B',
      prompt: 'p',
      image: 'u1',
    })
    const d: VideoForm = { family: 'D', mode: 'reference', prompt: 'p', images: ['1', '2', '3'] }
    expect(formForMode('famD-1-0-lite-i2v-250428', d, 'firstLast')).toMatchObject({
      mode: 'firstLast',
      images: ['1', '2'],
    })
    expect(formForMode('famD-1-0-lite-i2v-250428', d, 'text')).toMatchObject({ mode: 'text', images: [] })
  })

  it('infers the mode from the filled fields', () => {
    expect(modeOf(model('famA-2'), { family: 'A', prompt: '', remix_from_video_id: 'video_1' })).toBe('remix')
    expect(
      modeOf(model('famB-3.1-generate-preview'), { family: 'B', prompt: '', image: 'a', lastFrame: 'b' }),
    ).toBe('firstLast')
    expect(modeOf(model('famC-2.5-i2v-preview'), { family: 'C', prompt: '' })).toBe('firstFrame')
  })

  it('labels image slots with their roles, reference images numbered as the prompt cites them', () => {
    const d: VideoForm = { family: 'D', mode: 'reference', prompt: '', images: ['a', 'b'] }
    expect(imageSlots(model('famD-1-0-lite-i2v-250428'), d, 'reference').map((s) => s.label)).toEqual([
      'Reference 1 ([图1])',
      'Reference 2 ([图2])',
      'Reference 3 ([图3])',
    ])
    expect(
      imageSlots(model('famB-3.1-fast-generate-preview'), { family: 'B', prompt: '' }, 'firstLast').map(
        (s) => s.key,
      ),
    ).toEqual(['image', 'lastFrame'])
    expect(withSlot(d, 'images.0', '')).toMatchObject({ images: ['b'] })
  })
})
