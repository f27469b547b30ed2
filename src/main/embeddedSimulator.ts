// Starts the built-in simulator inside main on a free loopback port with a fresh per-launch key, so the
// app works offline on first launch (the "Local simulator" profile). Shared by both hosts.
import { randomBytes } from 'node:crypto'
import { createSimulator } from '../simulator/server'
import { loadTokenizer } from '../simulator/text/tokens'
import type { EmbeddedSimulator } from './appCore'

export async function startEmbeddedSimulator(): Promise<EmbeddedSimulator> {
  const apiKey = `sk-sim-${randomBytes(12).toString('hex')}`
  const consoleToken = `sim-console-${randomBytes(12).toString('hex')}`
  const sim = await createSimulator({
    host: '127.0.0.1',
    port: 0,
    apiKey,
    consoleToken,
    tokensPerSecond: 400,
    videoSpeed: 4,
  })
  // The tokenizer's tables (about half a second to load) come a moment after start-up, off its path, so
  // neither the first page load nor the first run waits for them.
  setTimeout(() => void loadTokenizer(), 3000).unref()
  return {
    baseUrl: sim.baseUrl,
    consoleBaseUrl: sim.consoleBaseUrl,
    apiKey,
    consoleToken,
    close: () => sim.close(),
  }
}
