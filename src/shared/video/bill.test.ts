import { describe, expect, it } from 'vitest'
import { findVideoModel } from '../catalog/videoModels'
import { defaultVideoForm, type VideoForm } from './forms'
import { videoBill } from './bill'

const model = (id: string) => findVideoModel(id)!

describe('videoBill', () => {
  it("bills a family A job's seconds at its size, the model's defaults for what the form leaves out", () => {
    const m = model('famA-2')
    expect(videoBill(m, defaultVideoForm(m))).toEqual({ seconds: 4, resolution: '720x1280' })
    expect(videoBill(m, { family: 'A', prompt: '', seconds: '8', width: 1280, height: 720 })).toEqual({
      seconds: 8,
      resolution: '1280x720',
    })
  })

  it('bills every clip a family B job makes, at its resolution', () => {
    const m = model('famB-3.0-fast-generate-001')
    const form = { ...defaultVideoForm(m), durationSeconds: 6, sampleCount: 3, resolution: '720p' } as VideoForm
    expect(videoBill(m, form)).toEqual({ seconds: 18, resolution: '720p' })
  })

  it("bills families C and D by duration and resolution, a bad duration taken as the model's default", () => {
    const c = model('famC-2.5-t2v-preview')
    expect(videoBill(c, defaultVideoForm(c))).toEqual({
      seconds: c.defaultDuration,
      resolution: c.defaultResolution ?? null,
    })
    const d = model('famD-1-0-lite-t2v-250428')
    const form = { ...defaultVideoForm(d), duration: Number.NaN, resolution: '480p' } as VideoForm
    expect(videoBill(d, form)).toEqual({ seconds: d.defaultDuration, resolution: '480p' })
  })
})
