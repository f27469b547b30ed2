import { describe, it, expect } from 'vitest'
import {
  analyzeVideoBody,
  describeVideoIssues,
  formatFamilyDText,
  parseFamilyDText,
  parseVideoBody,
} from './rules'
import { dataUrl, pngHeader } from '../../../test/fakes/imageHeaders'

const IMG = 'https://example.com/a.png'
const text = (t: string) => ({ type: 'text', text: t })
const image = (role?: string, url = IMG) => ({
  type: 'image_url',
  image_url: { url },
  ...(role ? { role } : {}),
})
const dBody = (model: string, ...content: unknown[]) => ({ model, metadata: { content } })

/** Each row: a raw body a client might send, and the field and rule the simulator must name. */
const REFUSED: [string, unknown, string, string][] = [
  ['a body that is no object', [1, 2], 'body', 'type'],
  ['a missing model', { prompt: 'x' }, 'model', 'required'],
  ['an unknown model', { model: 'famZ-1', prompt: 'x' }, 'model', 'oneOf'],
  ['A: seconds as a word', { model: 'famA-2', prompt: 'x', seconds: 'four' }, 'seconds', 'type'],
  ['A: seconds 5', { model: 'famA-2', prompt: 'x', seconds: '5' }, 'seconds', 'oneOf'],
  ['A: width without height', { model: 'famA-2', prompt: 'x', width: 720 }, 'height', 'requires'],
  [
    'A: size contradicting width/height',
    { model: 'famA-2', prompt: 'x', size: '720x1280', width: 1280, height: 720 },
    'size',
    'conflict',
  ],
  [
    'A: width/height off the list',
    { model: 'famA-2', prompt: 'x', width: 1024, height: 1024 },
    'width',
    'oneOf',
  ],
  [
    'A: remix id without video_',
    { model: 'famA-2', prompt: 'x', remix_from_video_id: 'abc' },
    'remix_from_video_id',
    'prefix',
  ],
  [
    'A: reference of the other orientation',
    {
      model: 'famA-2',
      prompt: 'x',
      size: '720x1280',
      input_reference: dataUrl('image/png', pngHeader(1280, 720)),
    },
    'input_reference',
    'dimensions',
  ],
  [
    'B: duration as a string',
    { model: 'famB-3.1-generate-preview', prompt: 'x', durationSeconds: '4' },
    'durationSeconds',
    'type',
  ],
  [
    'B: lastFrame on 3.0',
    { model: 'famB-3.0-fast-generate-001', prompt: 'x', image: IMG, lastFrame: IMG },
    'lastFrame',
    'mode',
  ],
  [
    'B: generateAudio as a string',
    { model: 'famB-3.0-generate-preview', prompt: 'x', generateAudio: 'yes' },
    'generateAudio',
    'type',
  ],
  [
    'B: sampleCount 8',
    { model: 'famB-3.0-generate-preview', prompt: 'x', sampleCount: 8 },
    'sampleCount',
    'range',
  ],
  [
    'B: addWatermark as a number',
    { model: 'famB-3.0-generate-preview', prompt: 'x', addWatermark: 1 },
    'addWatermark',
    'type',
  ],
  ['C: 4k', { model: 'famC-2.5-t2v-preview', prompt: 'x', resolution: '4k' }, 'resolution', 'oneOf'],
  ['C: i2v without image', { model: 'famC-2.5-i2v-preview', prompt: 'x' }, 'image', 'required'],
  [
    'C: smart_rewrite as a string',
    { model: 'famC-2.5-t2v-preview', prompt: 'x', smart_rewrite: 'true' },
    'smart_rewrite',
    'type',
  ],
  ['D: a prompt field', { ...dBody('famD-1-0-pro-250528', text('x')), prompt: 'x' }, 'prompt', 'forbidden'],
  ['D: no metadata', { model: 'famD-1-0-pro-250528' }, 'metadata', 'required'],
  ['D: empty content', dBody('famD-1-0-pro-250528'), 'metadata.content', 'required'],
  ['D: no text item', dBody('famD-1-0-pro-250528', image('first_frame')), 'metadata.content', 'required'],
  ['D: two text items', dBody('famD-1-0-pro-250528', text('a'), text('b')), 'metadata.content', 'count'],
  [
    'D: unknown item type',
    dBody('famD-1-0-pro-250528', text('a'), { type: 'video_url' }),
    'metadata.content[1].type',
    'oneOf',
  ],
  [
    'D: image without role',
    dBody('famD-1-0-pro-250528', text('a'), image()),
    'metadata.content[1].role',
    'required',
  ],
  [
    'D: unknown role',
    dBody('famD-1-0-pro-250528', text('a'), image('middle_frame')),
    'metadata.content[1].role',
    'oneOf',
  ],
  [
    'D: image without url',
    dBody('famD-1-0-pro-250528', text('a'), { type: 'image_url', role: 'first_frame' }),
    'metadata.content[1].image_url.url',
    'required',
  ],
  [
    'D: last frame alone',
    dBody('famD-1-5-pro-251215', text('a'), image('last_frame')),
    'metadata.content',
    'count',
  ],
  [
    'D: three frames',
    dBody('famD-1-5-pro-251215', text('a'), image('first_frame'), image('last_frame'), image('last_frame')),
    'metadata.content',
    'count',
  ],
  [
    'D: two first frames',
    dBody('famD-1-5-pro-251215', text('a'), image('first_frame'), image('first_frame')),
    'metadata.content',
    'count',
  ],
  [
    'D: references mixed with frames',
    dBody('famD-1-0-lite-i2v-250428', text('a'), image('first_frame'), image('reference_image')),
    'metadata.content',
    'roles',
  ],
  [
    'D: lite t2v with an image',
    dBody('famD-1-0-lite-t2v-250428', text('a'), image('first_frame')),
    'metadata.content',
    'forbidden',
  ],
  ['D: lite t2v adaptive', dBody('famD-1-0-lite-t2v-250428', text('a --ratio adaptive')), '--ratio', 'oneOf'],
  [
    'D: pro with references',
    dBody('famD-1-0-pro-250528', text('a'), image('reference_image')),
    'metadata.content',
    'mode',
  ],
  [
    'D: lite i2v without images',
    dBody('famD-1-0-lite-i2v-250428', text('a cat')),
    'metadata.content',
    'mode',
  ],
  ['D: duration as a word', dBody('famD-1-5-pro-251215', text('a --dur five')), '--dur', 'type'],
  ['D: 1.5 with 13 s', dBody('famD-1-5-pro-251215', text('a --dur 13')), '--dur', 'oneOf'],
  ['D: 1.5 at 1080p', dBody('famD-1-5-pro-251215-noAudio', text('a --rs 1080p')), '--rs', 'oneOf'],
  ['D: watermark yes', dBody('famD-1-5-pro-251215', text('a --wm yes')), '--wm', 'oneOf'],
  ['D: camera flag twice', dBody('famD-1-5-pro-251215', text('a --cf true --cf false')), '--cf', 'duplicate'],
  ['D: flag without value', dBody('famD-1-5-pro-251215', text('a --dur')), '--dur', 'required'],
  [
    'D: only flags for text-to-video',
    dBody('famD-1-5-pro-251215', text('--dur 5')),
    'metadata.content[0].text',
    'required',
  ],
  [
    'D: citation beyond the images',
    dBody('famD-1-0-lite-i2v-250428', text('[图1] meets [图2]'), image('reference_image')),
    'metadata.content[0].text',
    'citation',
  ],
]

describe('parseVideoBody refuses raw bodies by field and rule', () => {
  it.each(REFUSED)('%s', (_name, body, field, rule) => {
    const issues = parseVideoBody(body)
    const hit = issues.find((i) => i.field === field && i.rule === rule)
    expect(hit, JSON.stringify(issues)).toBeDefined()
    expect(hit?.message).toContain(field)
  })
})

describe('parseVideoBody accepts what the spec allows', () => {
  it.each([
    ['A with integer seconds', { model: 'famA-2', prompt: 'x', seconds: 8 }],
    ['A with width/height only', { model: 'famA-2', prompt: 'x', width: 1280, height: 720 }],
    [
      'A with matching size and width/height',
      { model: 'famA-2', prompt: 'x', size: '1280x720', width: 1280, height: 720 },
    ],
    [
      'B with bare Base64 image',
      { model: 'famB-3.0-generate-preview', prompt: 'x', image: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB' },
    ],
    [
      'C i2v with aspect_ratio (ignored)',
      { model: 'famC-2.5-i2v-preview', prompt: 'x', image: IMG, aspect_ratio: '9:16' },
    ],
    ['D text without flags', dBody('famD-1-0-pro-250528', text('a cat'))],
    [
      'D first frame with an empty prompt',
      dBody('famD-1-0-pro-250528', text('--dur 10'), image('first_frame')),
    ],
    [
      'D first+last in any order',
      dBody('famD-1-5-pro-251215', text('a'), image('last_frame'), image('first_frame')),
    ],
    [
      'D references',
      dBody(
        'famD-1-0-lite-i2v-250428',
        text('[图1] and [图2] --ratio adaptive'),
        image('reference_image'),
        image('reference_image'),
      ),
    ],
  ])('%s', (_name, body) => {
    expect(parseVideoBody(body)).toEqual([])
  })
})

describe('analyzeVideoBody summarises a valid request', () => {
  it('reads family D flags into the summary', () => {
    const { request } = analyzeVideoBody(
      dBody(
        'famD-1-5-pro-251215',
        text('a lake --ratio 1:1 --dur 9 --rs 480p --wm true --cf false'),
        image('first_frame'),
      ),
    )
    expect(request).toMatchObject({
      mode: 'firstFrame',
      prompt: 'a lake',
      durationSeconds: 9,
      resolution: '480p',
      aspectRatio: '1:1',
      imageCount: 1,
      audio: true,
      watermark: true,
    })
  })

  it('reads family B seed and sampleCount, and family A size', () => {
    expect(
      analyzeVideoBody({ model: 'famB-3.1-generate-preview', prompt: 'p', seed: 9, sampleCount: 3 }).request,
    ).toMatchObject({
      seed: 9,
      sampleCount: 3,
      resolution: '1080p',
      audio: false,
    })
    expect(
      analyzeVideoBody({ model: 'famA-2', prompt: 'p', width: 1280, height: 720 }).request?.resolution,
    ).toBe('1280x720')
  })

  it('joins every issue into one message', () => {
    const issues = parseVideoBody({ model: 'famB-3.0-generate-preview', durationSeconds: 5 })
    expect(describeVideoIssues(issues)).toMatch(
      /prompt is required.*; durationSeconds must be one of 4, 6, 8/,
    )
  })
})

describe('family D text flags', () => {
  it('splits the prompt from its flags and writes them back in order', () => {
    const parsed = parseFamilyDText('a cat --dur 5 on a mat --ratio 16:9 --wm false')
    expect(parsed.prompt).toBe('a cat on a mat')
    expect(parsed.flags).toEqual({ dur: '5', ratio: '16:9', wm: 'false' })
    expect(formatFamilyDText(parsed.prompt, parsed.flags)).toBe(
      'a cat on a mat --ratio 16:9 --dur 5 --wm false',
    )
  })

  it('leaves unknown double-dash words in the prompt', () => {
    expect(parseFamilyDText('fast--cut --fps 24 --rs 720p').prompt).toBe('fast--cut --fps 24')
  })
})
