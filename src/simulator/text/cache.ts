// Messages-format prompt caching (spec, endpoint 3): the prefix up to the last `cache_control` block is
// cached when it reaches the model's minimum (1024 tokens, 2048 for haiku models); an identical prefix
// within its lifetime (5 minutes ephemeral, 1 hour persistent/`ttl: 1h`) is a read. Time is the sim clock.
import { createHash } from 'node:crypto'
import type { SimState } from '../types'

const STORE = 'messages.promptCache'
const EPHEMERAL_MS = 5 * 60 * 1000
const PERSISTENT_MS = 60 * 60 * 1000

export interface CachePrefix {
  /** Everything up to and including the last marked block, serialised (exact match is the rule). */
  content: string
  tokens: number
  persistent: boolean
}

export interface CacheUsage {
  creation: number
  read: number
}

export function minimumCacheTokens(model: string): number {
  return /haiku/i.test(model) ? 2048 : 1024
}

/** Looks the prefix up, records a creation or refreshes a read, and reports the usage fields. */
export function usePromptCache(sim: SimState, model: string, prefix: CachePrefix | undefined): CacheUsage {
  if (!prefix || prefix.tokens < minimumCacheTokens(model)) return { creation: 0, read: 0 }
  let store = sim.stores.get(STORE) as Map<string, number> | undefined
  if (!store) sim.stores.set(STORE, (store = new Map()))
  const key = createHash('sha256').update(model).update('\u0000').update(prefix.content).digest('hex')
  const now = sim.clock.now()
  const expires = store.get(key)
  store.set(key, now + (prefix.persistent ? PERSISTENT_MS : EPHEMERAL_MS))
  return expires !== undefined && expires > now
    ? { creation: 0, read: prefix.tokens }
    : { creation: prefix.tokens, read: 0 }
}
