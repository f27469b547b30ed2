// Severity per rule in the form validator: limits the app assumed where the spec is silent (family D 1.0
// durations and resolutions) are warnings the user may send anyway; limits the spec states stay errors.
import { describe, expect, it } from 'vitest'
import { findVideoModel } from '../catalog/videoModels'
import { defaultVideoForm, type FamilyDForm } from './forms'
import { validateVideoForm } from './validate'

function dForm(id: string, patch: Partial<FamilyDForm>): FamilyDForm {
  const form = defaultVideoForm(id) as FamilyDForm
  return { ...form, prompt: 'a red fox runs through fresh snow', ...patch }
}

function issuesOf(id: string, patch: Partial<FamilyDForm>) {
  const checked = validateVideoForm(findVideoModel(id)!, dForm(id, patch))
  return checked.ok ? [] : checked.issues
}

describe('validateVideoForm severity', () => {
  it('family D 1.0 duration outside the assumed list is a warning naming the assumption', () => {
    const issue = issuesOf('famD-1-0-pro-250528', { duration: 7 }).find((i) => i.field === 'duration')
    expect(issue?.severity).toBe('warning')
    expect(issue?.message).toContain('the spec does not state this limit for famD-1-0-pro-250528')
  })

  it('family D 1.0 resolution outside the assumed list is a warning', () => {
    const issue = issuesOf('famD-1-0-pro-250528', { resolution: '4k' }).find((i) => i.field === 'resolution')
    expect(issue?.severity).toBe('warning')
  })

  it('family D 1.5 duration outside the stated range stays an error', () => {
    const issue = issuesOf('famD-1-5-pro-251215', { duration: 30 }).find((i) => i.field === 'duration')
    expect(issue).toBeDefined()
    expect(issue?.severity ?? 'error').toBe('error')
    expect(issue?.message).not.toContain('the app assumed it')
  })

  it('more reference images than the assumed cap is a warning; none at all stays an error', () => {
    const id = 'famD-1-0-lite-i2v-250428'
    const images = ['a', 'b', 'c', 'd', 'e'].map((x) => `https://example.com/${x}.png`)
    const over = issuesOf(id, { mode: 'reference', images }).filter((i) => i.field === 'images')
    expect(over.length).toBeGreaterThan(0)
    expect(over.every((i) => i.severity === 'warning')).toBe(true)
    const none = issuesOf(id, { mode: 'reference', images: [] }).find((i) => i.field === 'images')
    expect(none?.severity ?? 'error').toBe('error')
  })

  it('an empty prompt stays an error', () => {
    const issues = issuesOf('famD-1-0-pro-250528', { prompt: '' })
    expect(issues.length).toBeGreaterThan(0)
    expect(issues.every((i) => (i.severity ?? 'error') === 'error')).toBe(true)
  })
})
