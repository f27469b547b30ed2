import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Exchange } from '../../../shared/ipc/exchange'
import { CaptureFiles } from './captures'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'history-captures-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const exchange: Exchange = {
  id: 'x1',
  startedAt: 1,
  request: { method: 'POST', url: 'http://127.0.0.1/v1/chat/completions', headers: [], body: '{}' },
  response: null,
  timings: { headersMs: null, firstByteMs: null, endMs: null },
  attempts: 1,
  error: null,
}

describe('capture files', () => {
  it('writes a large raw body in slices that read back byte for byte, a character split between slices included', async () => {
    const files = new CaptureFiles(dir)
    // 🦦 is two UTF-16 units; placed so one slice ends between them. Quotes and newlines need escaping.
    const rawBody = `${'a'.repeat(256 * 1024 - 1)}🦦 "quoted"\n${'data: {"x":"é"}\n\n'.repeat(40_000)}`
    let built = false
    const writing = files.writeLater('run-1.json', 0, () => {
      built = true
      return { exchange, rawBody }
    })
    expect(built).toBe(false)
    await files.settle()
    await writing
    const back = await files.read('run-1.json')
    expect(back?.rawBody).toBe(rawBody)
    expect(back?.exchange).toEqual(exchange)
    expect(readdirSync(files.dir)).toEqual(['run-1.json'])
  })
})
