// Every exchange of one job, as the details view lists them: the submit, each query, each result fetch. A query
// that answers exactly as the one before it (same status, same body) is folded into that entry with a count, so a
// task polled for an hour is a handful of entries. Invariant (R10): per job at most MAX_ENTRIES entries per list
// and about MAX_CHARS characters of snapshots; past either the oldest entries after the first give way, counted.
import { z } from 'zod'
import { exchangeSchema, type Exchange } from '../../../shared/ipc/exchange'
import type { ExchangeSlot } from './types'

export const MAX_POLL_ENTRIES = 60
export const MAX_RESULT_ENTRIES = 24
export const MAX_CHARS = 256 * 1024

const keptSchema = z.object({
  exchange: exchangeSchema,
  /** The number of the first query (or fetch) of this entry, from 1. */
  n: z.number(),
  /** Later queries that answered the same, folded into this entry; `exchange` is the newest of them. */
  repeats: z.number(),
  firstAt: z.number(),
})
export type KeptExchange = z.infer<typeof keptSchema>

export const jobExchangeLogSchema = z.object({
  submit: exchangeSchema.optional(),
  polls: z.array(keptSchema).default([]),
  /** Queries made so far (kept, folded or dropped). */
  pollsSeen: z.number().default(0),
  results: z.array(keptSchema).default([]),
  resultsSeen: z.number().default(0),
  /** Files written before every query was kept hold the latest only. */
  poll: exchangeSchema.optional(),
  result: exchangeSchema.optional(),
})
export type JobExchangeLog = z.infer<typeof jobExchangeLogSchema>

/** A log read from disk in either shape: older files kept only the latest query and fetch. */
export function normalizeLog(log: JobExchangeLog): JobExchangeLog {
  const { poll, result, ...rest } = log
  const lift = (e: Exchange): KeptExchange => ({ exchange: e, n: 1, repeats: 0, firstAt: e.startedAt })
  return {
    ...rest,
    polls: rest.polls.length === 0 && poll ? [lift(poll)] : rest.polls,
    pollsSeen: Math.max(rest.pollsSeen, rest.polls.length === 0 && poll ? 1 : 0),
    results: rest.results.length === 0 && result ? [lift(result)] : rest.results,
    resultsSeen: Math.max(rest.resultsSeen, rest.results.length === 0 && result ? 1 : 0),
  }
}

export const emptyLog = (): JobExchangeLog => ({ polls: [], pollsSeen: 0, results: [], resultsSeen: 0 })

const sameAnswer = (a: Exchange, b: Exchange): boolean =>
  a.error === b.error &&
  a.request.url === b.request.url &&
  (a.response?.status ?? null) === (b.response?.status ?? null) &&
  (a.response?.body ?? null) === (b.response?.body ?? null) &&
  (a.response?.frames.length ?? 0) === 0 &&
  (b.response?.frames.length ?? 0) === 0

const sizeOf = (e: Exchange): number =>
  (e.request.body?.length ?? 0) +
  (e.response?.body?.length ?? 0) +
  (e.response?.frames.reduce((n, f) => n + f.data.length, 0) ?? 0) +
  1024

/** Adds an exchange to the job's log in place (folding a repeated answer), keeping the bounds. */
export function appendExchange(log: JobExchangeLog, slot: ExchangeSlot, exchange: Exchange): void {
  if (slot === 'submit') {
    log.submit = exchange
    return
  }
  const list = slot === 'poll' ? log.polls : log.results
  const seen = slot === 'poll' ? ++log.pollsSeen : ++log.resultsSeen
  const last = list.at(-1)
  if (slot === 'poll' && last && sameAnswer(last.exchange, exchange)) {
    last.exchange = exchange
    last.repeats++
  } else {
    list.push({ exchange, n: seen, repeats: 0, firstAt: exchange.startedAt })
  }
  const max = slot === 'poll' ? MAX_POLL_ENTRIES : MAX_RESULT_ENTRIES
  // The first entry stays (how the task began); the oldest after it give way.
  while (list.length > 2 && (list.length > max || logChars(log) > MAX_CHARS)) list.splice(1, 1)
}

function logChars(log: JobExchangeLog): number {
  let chars = log.submit ? sizeOf(log.submit) : 0
  for (const e of log.polls) chars += sizeOf(e.exchange)
  for (const e of log.results) chars += sizeOf(e.exchange)
  return chars
}

/** The latest exchange of a slot (the submit, the newest query, the newest fetch). */
export function latestOf(log: JobExchangeLog, slot: ExchangeSlot): Exchange | null {
  if (slot === 'submit') return log.submit ?? null
  return (slot === 'poll' ? log.polls : log.results).at(-1)?.exchange ?? null
}

/** One entry of a slot by its position in the list (0 for the submit). */
export function entryOf(log: JobExchangeLog, slot: ExchangeSlot, index: number): Exchange | null {
  if (slot === 'submit') return index === 0 ? (log.submit ?? null) : null
  return (slot === 'poll' ? log.polls : log.results)[index]?.exchange ?? null
}

/** Entries counted but no longer kept (given way to the bounds). */
export function dropped(log: JobExchangeLog, slot: 'poll' | 'result'): number {
  const list = slot === 'poll' ? log.polls : log.results
  const kept = list.reduce((n, e) => n + 1 + e.repeats, 0)
  return Math.max(0, (slot === 'poll' ? log.pollsSeen : log.resultsSeen) - kept)
}
