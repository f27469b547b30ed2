// The app's and the Text panel's saved state over the real router and a real workspace file: main refuses a
// state that would not read back, answers a damaged or older one as null (the renderer trusts main's answer
// and restores it without a schema of its own), reads a partly damaged one back field by field, and passes
// the other panels' states through as saved.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createRouter, type Router } from '../../src/main/ipc/router'
import { workspaceDomain } from '../../src/main/ipc/handlers/workspace'
import type { DomainContext } from '../../src/main/ipc/domain'
import type { CallContext } from '../../src/main/services/ports'
import { workspaceCommands } from '../../src/shared/ipc/workspace'
import type { Result } from '../../src/shared/ipc/result'

const ctx = { senderId: 'w', events: { alive: true, emit: () => undefined } } as unknown as CallContext

describe('workspace over the router', () => {
  let dir: string
  let router: Router
  let close: () => Promise<void>
  const call = (route: string, input: unknown) => router.handle(route, input, ctx)
  const stateOf = async (panel: string) => {
    const r = (await call('workspace.getPanel', { panel })) as Result<{ state: string | null }>
    expect(r.ok).toBe(true)
    return r.ok ? r.value.state : undefined
  }
  const open = () => {
    const unit = workspaceDomain.compose({ dataDir: dir } as unknown as DomainContext)
    router = createRouter(workspaceCommands, unit.handlers as never)
    close = unit.close
  }

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'workspace-ipc-'))
    open()
  })
  afterEach(async () => {
    await close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('keeps a Text state and reads it back whole after a restart', async () => {
    const saved = {
      format: 'messages',
      model: 'm-1',
      stream: false,
      system: 'be brief',
      cacheSystem: true,
      conversationTurns: 3,
      composer: 'half-typed',
      attachments: [],
      attachmentUrls: {},
      params: { maxTokens: 10, stopSequences: ['x'], toolChoice: 'none', thinking: { enabled: true } },
      toolsText: '',
      responseFormatText: '',
      extras: { chat: {}, responses: {}, messages: { top_k: 3 }, native: {} },
      rawBody: null,
      variables: {},
      // "Send anyway" past the month's budget, said in this conversation this month.
      budgetAsked: '2026-11',
      // The last run, which failed after some text: shown again after the restart.
      lastEnd: {
        runId: 'run-1234abcd',
        status: 'error',
        format: 'messages',
        model: 'm-1',
        turns: 3,
        text: 'The first',
        chars: 9,
        error: { message: 'overloaded', status: 529, errorType: 'overloaded_error', raw: '{"type":"error"}' },
      },
    }
    const put = await call('workspace.putPanel', { panel: 'text', state: JSON.stringify(saved) })
    expect(put).toEqual({ ok: true, value: { saved: true } })
    await close()
    open()
    expect(JSON.parse((await stateOf('text'))!)).toEqual(saved)
  })

  it('refuses a Text or app state that would not read back, with the reason, and keeps the last good one', async () => {
    await call('workspace.putPanel', { panel: 'app', state: '{"panel":"history","tabs":{}}' })
    for (const [panel, state] of [
      ['text', '[1,2]'],
      ['text', '"a string"'],
      ['app', 'null'],
    ] as const) {
      const r = await call('workspace.putPanel', { panel, state })
      expect(r.ok, `${panel} ${state}`).toBe(false)
      if (!r.ok) expect(r.error.message).toMatch(new RegExp(`the ${panel} panel's state does not read back`))
    }
    expect(JSON.parse((await stateOf('app'))!)).toEqual({ panel: 'history', tabs: {} })
    expect(await stateOf('text')).toBeNull()
  })

  it('answers null for a damaged or older saved state, so the renderer never trusts it', async () => {
    writeFileSync(
      join(dir, 'workspace.json'),
      JSON.stringify({ panels: { text: '{"composer": "cut', app: '["an","older","shape"]' } }),
    )
    await close()
    open()
    expect(await stateOf('text')).toBeNull()
    expect(await stateOf('app')).toBeNull()
  })

  it('reads a partly damaged Text state back field by field: a bad field falls to its default', async () => {
    writeFileSync(
      join(dir, 'workspace.json'),
      JSON.stringify({
        panels: {
          text: JSON.stringify({
            composer: 'kept',
            format: 'telex',
            messages: 'not turns',
            stream: 'yes',
            lastEnd: { runId: 'r', status: 'done', text: 'x'.repeat(60_000) },
          }),
          app: JSON.stringify({ panel: 'x'.repeat(41), tabs: { text: 'code' } }),
        },
      }),
    )
    await close()
    open()
    const text = JSON.parse((await stateOf('text'))!)
    expect(text.composer).toBe('kept')
    expect(text.format).toBe('chat')
    expect(text.messages).toBeUndefined()
    expect(text.conversationTurns).toBe(0)
    expect(text.stream).toBe(true)
    expect(text.lastEnd).toBeNull()
    expect(text.params).toEqual({
      maxTokens: 1024,
      stopSequences: [],
      toolChoice: 'auto',
      thinking: { enabled: false },
    })
    expect(JSON.parse((await stateOf('app'))!)).toEqual({ panel: 'text', tabs: { text: 'code' } })
  })

  it('passes the other panels through as saved (each checks its own when it loads)', async () => {
    const r = await call('workspace.putPanel', { panel: 'compare', state: '[1,2]' })
    expect(r.ok).toBe(true)
    expect(await stateOf('compare')).toBe('[1,2]')
  })
})
