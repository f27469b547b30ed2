import { describe, it, expect } from 'vitest'
import {
  VIDEO_MODELS,
  findVideoModel,
  acceptsLastFrame,
  videoModelsOfFamily,
  type VideoModel,
} from './videoModels'

// The spec's table (endpoint 11) and Limits, restated so a catalog edit that drifts from the spec fails here.
const SPEC_TABLE: [string, VideoModel['family'], string[]][] = [
  ['famA-2', 'A', ['text', 'firstFrame', 'remix']],
  ['famB-3.0-fast-generate-001', 'B', ['text', 'firstFrame']],
  ['famB-3.1-fast-generate-preview', 'B', ['text', 'firstFrame', 'firstLast']],
  ['famB-3.0-generate-preview', 'B', ['text', 'firstFrame']],
  ['famB-3.1-generate-preview', 'B', ['text', 'firstFrame', 'firstLast']],
  ['famC-2.5-t2v-preview', 'C', ['text']],
  ['famC-2.5-i2v-preview', 'C', ['firstFrame']],
  ['famD-1-0-lite-t2v-250428', 'D', ['text']],
  ['famD-1-0-lite-i2v-250428', 'D', ['firstFrame', 'firstLast', 'reference']],
  ['famD-1-0-pro-250528', 'D', ['text', 'firstFrame']],
  ['famD-1-5-pro-251215', 'D', ['text', 'firstFrame', 'firstLast']],
  ['famD-1-5-pro-251215-noAudio', 'D', ['text', 'firstFrame', 'firstLast']],
]

describe('video model catalog', () => {
  it('holds exactly the spec table, in order', () => {
    expect(VIDEO_MODELS.map((m) => [m.id, m.family, [...m.modes]])).toEqual(SPEC_TABLE)
  })

  it.each(VIDEO_MODELS.map((m) => [m.id, m] as const))(
    '%s: defaults are among its allowed values',
    (_id, m) => {
      expect(m.durations).toContain(m.defaultDuration)
      if (m.defaultResolution !== undefined) expect(m.resolutions).toContain(m.defaultResolution)
      if (m.defaultSize !== undefined) expect(m.sizes).toContain(m.defaultSize)
      if (m.defaultAspectRatio !== undefined) expect(m.aspectRatios).toContain(m.defaultAspectRatio)
      expect(findVideoModel(m.id)).toBe(m)
    },
  )

  it('follows the Limits table for durations and resolutions', () => {
    for (const m of videoModelsOfFamily('A')) {
      expect(m.durations).toEqual([4, 8, 12])
      expect(m.defaultDuration).toBe(4)
      expect(m.sizes).toEqual(['720x1280', '1280x720'])
      expect(m.defaultSize).toBe('720x1280')
    }
    for (const m of videoModelsOfFamily('B')) {
      expect(m.durations).toEqual([4, 6, 8])
      expect(m.resolutions).toEqual(['720p', '1080p'])
      expect(m.defaultResolution).toBe('1080p')
      expect(m.aspectRatios).toEqual(['16:9', '9:16'])
      expect(m.sampleCount).toEqual({ min: 1, max: 4, default: 1 })
    }
    for (const m of videoModelsOfFamily('C')) {
      expect(m.durations).toEqual([5, 10])
      expect(m.resolutions).toEqual(['480p', '720p', '1080p'])
    }
    for (const id of ['famD-1-5-pro-251215', 'famD-1-5-pro-251215-noAudio']) {
      expect(findVideoModel(id)?.durations).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12])
      expect(findVideoModel(id)?.resolutions).toEqual(['480p', '720p'])
    }
  })

  it('keeps adaptive away from the lite text-to-video model only', () => {
    for (const m of videoModelsOfFamily('D')) {
      expect(m.aspectRatios.includes('adaptive')).toBe(m.id !== 'famD-1-0-lite-t2v-250428')
    }
  })

  it('gives lastFrame to the family B 3.1 models only and audio per model', () => {
    expect(
      videoModelsOfFamily('B')
        .filter(acceptsLastFrame)
        .map((m) => m.id),
    ).toEqual(['famB-3.1-fast-generate-preview', 'famB-3.1-generate-preview'])
    expect(findVideoModel('famB-3.0-fast-generate-001')?.audio).toBe('always')
    expect(findVideoModel('famB-3.0-generate-preview')?.audio).toBe('toggle')
    expect(findVideoModel('famD-1-5-pro-251215')?.audio).toBe('always')
    expect(findVideoModel('famD-1-5-pro-251215-noAudio')?.audio).toBe('silent')
    expect(findVideoModel('famX-1')).toBeUndefined()
  })
})
