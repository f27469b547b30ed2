// A last search word of four or more characters is matched as an OR of the whole words the index holds that it
// begins, with the same runs found as FTS5's own prefix query finds (diacritics and case folded as the index
// folds them, a word longer than 64 characters too); a history indexed before the words were kept lists them a
// step at a time and answers prefix searches meanwhile.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { madeUpRun } from '../../../../test/fakes/historyRuns'
import { HistoryStore } from './historyStore'
import { ftsQuery } from './runQuery'

const LONG = `Quux${'x'.repeat(70)}`
const ANSWERS = [
  'Kubernetes schedules pods',
  'the kubelet restarts them',
  'KUBEFLOW pipelines',
  'a Café crème and a naïve otter',
  'cafeteria menus',
  `a long word ${LONG} here`,
  'nothing of that kind',
  'kubernetes again, and the cafe',
]
let dir: string
let store: HistoryStore

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'history-terms-'))
  store = new HistoryStore(dir)
  store.recordMany(
    ANSWERS.map((answer, i) => ({ ...madeUpRun(i), prompt: `Question ${i}`, answer })),
    true,
  )
})
afterEach(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
})

/** What FTS5's own prefix query finds for the words, newest first: the answer the OR of whole words must give. */
function byPrefixQuery(text: string): string[] {
  const rows = store.database.all(
    'SELECT id FROM history_runs WHERE seq IN (SELECT rowid FROM history_words WHERE history_words MATCH ?) ORDER BY seq DESC',
    [ftsQuery(text)!],
  ) as { id: string }[]
  return rows.map((r) => r.id)
}
const found = (text: string) => store.list({ query: text }, 0, 100).rows.map((r) => r.id)
const SEARCHES = [
  'kube',
  'kuber',
  'Kubernetes',
  'kubelet',
  'café',
  'cafe',
  'CAFET',
  'naive',
  'crème',
  'creme',
].concat(['pipe', 'zebra', 'otter kube', 'quux', LONG.slice(0, 40), 'q kube'])

describe('search by the prefix of a word', () => {
  it('finds what FTS5 prefix query finds, read as an OR of whole words', () => {
    expect(store.search.queryOf('otter kube')).toBe('"otter" AND ("kubeflow" OR "kubelet" OR "kubernetes")')
    for (const text of SEARCHES) expect(found(text), text).toEqual(byPrefixQuery(text))
    expect(found('kube')).toEqual(['run-made-up-7', 'run-made-up-2', 'run-made-up-1', 'run-made-up-0'])
    expect(found('cafe')).toEqual(['run-made-up-7', 'run-made-up-4', 'run-made-up-3'])
    // Short prefixes are read from the index's prefix indexes; a word past 64 characters from FTS5's prefix query.
    expect(store.search.queryOf('kub')).toBe('"kub"*')
    expect(store.search.queryOf('quux')).toBe('"quux"*')
  })

  it('lists the words of an index made before they were kept, a step at a time, searching meanwhile', async () => {
    // The file as an earlier version left it: an index of words, none of them listed.
    store.database.exec(
      "DELETE FROM history_terms; INSERT OR REPLACE INTO settings (key, value) VALUES ('termsListedFrom', '')",
    )
    await store.close()
    store = new HistoryStore(dir)
    expect(store.search.terms.listing).toBe(true)
    expect(store.search.queryOf('kube')).toBe('"kube"*')
    for (const text of SEARCHES) expect(found(text), text).toEqual(byPrefixQuery(text))
    let steps = 0
    while (store.search.terms.listStep(0)) steps++
    // One word a step with no time to spare: as many steps as the index has words.
    const words = store.database.all('SELECT DISTINCT key FROM history_terms') as unknown[]
    expect(steps).toBeGreaterThanOrEqual(words.length - 1)
    expect(store.search.terms.listing).toBe(false)
    expect(store.search.queryOf('kube')).toContain(' OR ')
    for (const text of SEARCHES) expect(found(text), text).toEqual(byPrefixQuery(text))
    // Listed once: the next open does not list again.
    await store.close()
    store = new HistoryStore(dir)
    expect(store.search.terms.listing).toBe(false)
  })
})
