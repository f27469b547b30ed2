import { describe, expect, it } from 'vitest'
import { checkRawVideoBody } from './rawCheck'

const d = (model: string, text: string) =>
  JSON.stringify({ model, metadata: { content: [{ type: 'text', text }] } })

describe('checks of an edited video request JSON', () => {
  it('a limit the spec states stays an error with the spec’s values (family D 1.5: 4–12 s, 480p or 720p)', () => {
    const issues = checkRawVideoBody('model', d('famD-1-5-pro-251215', 'a bay --dur 20 --rs 1080p'))
    expect(issues.map((i) => [i.path, i.severity])).toEqual([
      ['metadata.content[0].text --dur', 'error'],
      ['metadata.content[0].text --rs', 'error'],
    ])
  })

  it('a limit the app assumed where the spec is silent is a warning (family D 1.0 durations, resolutions)', () => {
    const issues = checkRawVideoBody('model', d('famD-1-0-pro-250528', 'a bay --dur 7 --rs 4k'))
    expect(issues.length).toBe(2)
    expect(issues.every((i) => i.severity === 'warning')).toBe(true)
    expect(issues[0]!.message).toContain('the spec does not state this limit')
  })

  it('a model outside the catalog is a warning naming the catalog, never an error', () => {
    const [issue] = checkRawVideoBody('model', JSON.stringify({ model: 'famQ-1', prompt: 'x' }))
    expect(issue).toMatchObject({ path: 'model', severity: 'warning' })
    expect(issue!.message).toContain("not in this app's catalog; the gateway decides")
  })
})
