import { describe, expect, it } from 'vitest'
import { keysText, matchShortcut, type KeyPress } from './shortcuts'
import { filterItems, type CommandItem } from './commandItems'

const press = (over: Partial<KeyPress>): KeyPress => ({
  key: '',
  code: '',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...over,
})

describe('matchShortcut', () => {
  it('reads Ctrl as the modifier off a Mac and Cmd on one, never both', () => {
    const ctrlK = press({ key: 'k', code: 'KeyK', ctrlKey: true })
    const cmdK = press({ key: 'k', code: 'KeyK', metaKey: true })
    expect(matchShortcut(ctrlK, { mac: false, inField: false })).toEqual({ id: 'palette' })
    expect(matchShortcut(cmdK, { mac: false, inField: false })).toBeNull()
    expect(matchShortcut(cmdK, { mac: true, inField: false })).toEqual({ id: 'palette' })
    expect(matchShortcut(ctrlK, { mac: true, inField: false })).toBeNull()
  })

  it('keeps ? and / for the field being typed in, but not the modifier shortcuts', () => {
    const question = press({ key: '?', code: 'Slash', shiftKey: true })
    expect(matchShortcut(question, { mac: false, inField: true })).toBeNull()
    expect(matchShortcut(question, { mac: false, inField: false })).toEqual({ id: 'help' })
    expect(matchShortcut(press({ key: '/', code: 'Slash' }), { mac: false, inField: true })).toBeNull()
    const palette = press({ key: 'P', code: 'KeyP', ctrlKey: true, shiftKey: true })
    expect(matchShortcut(palette, { mac: false, inField: true })).toEqual({ id: 'palette' })
  })

  it('names the panel by the digit key whatever character the layout gives it', () => {
    const azertyTwo = press({ key: 'é', code: 'Digit2', ctrlKey: true })
    expect(matchShortcut(azertyTwo, { mac: false, inField: false })).toEqual({ id: 'panel', index: 1 })
    expect(matchShortcut(press({ key: '0', code: 'Digit0', ctrlKey: true }), { mac: false, inField: false })).toBeNull()
  })

  it('answers nothing for Alt combinations and plain letters', () => {
    expect(matchShortcut(press({ key: 'k', code: 'KeyK', ctrlKey: true, altKey: true }), { mac: false, inField: false })).toBeNull()
    expect(matchShortcut(press({ key: 'k', code: 'KeyK' }), { mac: false, inField: false })).toBeNull()
  })

  it('writes keys as the machine names them', () => {
    expect(keysText(['Mod', 'Shift', 'P'], false)).toBe('Ctrl+Shift+P')
    expect(keysText(['Mod', 'Shift', 'P'], true)).toBe('⌘⇧P')
  })
})

describe('filterItems', () => {
  const item = (label: string, group: CommandItem['group'], also?: string): CommandItem => ({
    id: label,
    label,
    group,
    ...(also ? { also } : {}),
    run: () => null,
  })
  const items = [
    item('Open the Inspector', 'Actions', 'wire'),
    item('Text', 'Panels'),
    item('History', 'Panels'),
    item('My history notes', 'Conversations'),
  ]

  it('keeps the items holding every word typed, names beginning with it first', () => {
    expect(filterItems(items, 'HIST').map((i) => i.label)).toEqual(['History', 'My history notes'])
    expect(filterItems(items, 'wire').map((i) => i.label)).toEqual(['Open the Inspector'])
    expect(filterItems(items, 'panels te').map((i) => i.label)).toEqual(['Text'])
    expect(filterItems(items, '   ')).toHaveLength(4)
    expect(filterItems(items, 'zeppelin')).toEqual([])
  })
})
