// The saved workspace against real files in a temp folder: a panel's state survives a new store (a restart),
// quick changes coalesce into one write, a damaged file is set aside and the panels start empty.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WorkspaceStore } from './workspaceStore'

describe('WorkspaceStore', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'workspace-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('brings back each panel as saved after a restart', async () => {
    const store = new WorkspaceStore(dir, { debounceMs: 10 })
    await store.put('text', '{"composer":"half-typed"}')
    await store.put('compare', '{"columns":[]}')
    await store.flush()
    const again = new WorkspaceStore(dir)
    expect(await again.get('text')).toBe('{"composer":"half-typed"}')
    expect(await again.get('compare')).toBe('{"columns":[]}')
    expect(await again.get('video')).toBeNull()
  })

  it('coalesces quick changes into one write of the latest state', async () => {
    const store = new WorkspaceStore(dir, { debounceMs: 50 })
    for (let i = 0; i < 20; i++) await store.put('text', JSON.stringify({ composer: 'x'.repeat(i) }))
    expect(readdirSync(dir)).toEqual([])
    await new Promise((r) => setTimeout(r, 120))
    await store.flush()
    const file = JSON.parse(readFileSync(join(dir, 'workspace.json'), 'utf8'))
    expect(JSON.parse(file.panels.text).composer).toBe('x'.repeat(19))
  })

  it('sets a damaged file aside and starts with empty panels', async () => {
    writeFileSync(join(dir, 'workspace.json'), '{"panels": {"text": "')
    const logs: string[] = []
    const store = new WorkspaceStore(dir, { log: (m) => logs.push(m) })
    expect(await store.get('text')).toBeNull()
    expect(readdirSync(dir)).toContain('workspace.json.damaged')
    expect(logs.join()).toMatch(/set aside/)
  })
})
