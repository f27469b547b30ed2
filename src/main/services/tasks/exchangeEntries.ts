// A job's exchange log as the details view lists it: one entry per kept submit, query and result fetch, oldest
// first, each with its request line, HTTP status or error, and what the answer said (answerFacts.ts). The
// exchanges themselves stay in main until one is opened (jobs.getExchange), so the list is small (M1).
import type { Exchange } from '../../../shared/ipc/exchange'
import type { JobExchangeEntry, JobExchangeList } from '../../../shared/ipc/jobs'
import { exchangeFacts } from './answerFacts'
import { dropped, type JobExchangeLog, type KeptExchange } from './jobExchangeLog'

const MAX_URL_CHARS = 300

function entry(which: JobExchangeEntry['which'], index: number, kept: KeptExchange): JobExchangeEntry {
  const e: Exchange = kept.exchange
  const url = e.request.url
  return {
    which,
    index,
    n: kept.n,
    repeats: kept.repeats,
    firstAt: kept.firstAt,
    lastAt: e.startedAt,
    method: e.request.method,
    url: url.length > MAX_URL_CHARS ? `${url.slice(0, MAX_URL_CHARS - 1)}…` : url,
    status: e.response?.status ?? null,
    error: e.error && e.error.slice(0, 300),
    facts: exchangeFacts(e),
  }
}

export function exchangeEntries(log: JobExchangeLog | null): JobExchangeList {
  if (!log) return { entries: [], polls: { seen: 0, dropped: 0 }, results: { seen: 0, dropped: 0 } }
  const entries: JobExchangeEntry[] = []
  if (log.submit) {
    entries.push(
      entry('submit', 0, { exchange: log.submit, n: 1, repeats: 0, firstAt: log.submit.startedAt }),
    )
  }
  log.polls.forEach((kept, i) => entries.push(entry('poll', i, kept)))
  log.results.forEach((kept, i) => entries.push(entry('result', i, kept)))
  return {
    // In the order they happened: a fetch that failed can be followed by further queries.
    entries: entries.sort((a, b) => a.firstAt - b.firstAt),
    polls: { seen: log.pollsSeen, dropped: dropped(log, 'poll') },
    results: { seen: log.resultsSeen, dropped: dropped(log, 'result') },
  }
}
