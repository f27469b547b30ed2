// The suites a user keeps, over the SuiteStore: create, rename, delete, add and remove cases, import and export
// as suite files. Every case that enters (saved from a run or imported) passes the suite schema and the compile
// checks first, so a suite in the store always runs; a refusal names the field and the rule.
import { randomUUID } from 'node:crypto'
import { AppError } from '../../../shared/ipc/result'
import type { SavedCase, Suite } from '../../../shared/cases/caseModel'
import type { CaseSummary, SuiteSummary } from '../../../shared/ipc/cases'
import type { Draft } from '../../../shared/wire'
import { suiteProblems } from './assertions'
import { readSuiteFile, suiteFileText } from './suiteFile'

const PROMPT_CHARS = 160

function lastUserText(draft: Draft): string {
  for (let i = draft.messages.length - 1; i >= 0; i--) {
    const m = draft.messages[i]!
    if (m.role !== 'user') continue
    const text = m.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join(' ')
    if (text) return text.length > PROMPT_CHARS ? `${text.slice(0, PROMPT_CHARS)}…` : text
  }
  return ''
}

export function summarizeCase(c: SavedCase): CaseSummary {
  return {
    id: c.id,
    name: c.name,
    model: c.draft.model,
    prompt: lastUserText(c.draft),
    assertions: c.assertions,
    ...(c.toolRound ? { toolRound: c.toolRound } : {}),
  }
}

export function summarizeSuite(suite: Suite): SuiteSummary {
  return { id: suite.id, name: suite.name, cases: suite.cases.map(summarizeCase) }
}

/** Where suites are kept (the history's database, through its worker). */
export interface SuiteKeeper {
  list(): Promise<Suite[]>
  save(suite: Suite): Promise<Suite>
  delete(id: string): Promise<boolean>
}

export class CaseLibrary {
  constructor(private readonly store: SuiteKeeper) {}

  async list(): Promise<SuiteSummary[]> {
    return (await this.store.list()).map(summarizeSuite)
  }

  async get(id: string): Promise<Suite> {
    const suite = (await this.store.list()).find((s) => s.id === id)
    if (!suite) throw new AppError('CASES_SUITE_GONE', `suiteId: no suite ${id} (it was deleted).`)
    return suite
  }

  async create(name: string): Promise<SuiteSummary> {
    return summarizeSuite(await this.store.save({ id: randomUUID(), name, cases: [] }))
  }

  async rename(id: string, name: string): Promise<SuiteSummary> {
    return summarizeSuite(await this.store.save({ ...(await this.get(id)), name }))
  }

  delete(id: string): Promise<boolean> {
    return this.store.delete(id)
  }

  async addCase(
    target: { suiteId?: string; newSuiteName?: string },
    saved: Omit<SavedCase, 'id'>,
  ): Promise<SuiteSummary> {
    const problems = suiteProblems([saved], 'case')
    if (problems.length)
      throw new AppError('CASES_BAD_ASSERTION', problems.map((p) => `${p.path}: ${p.message}`).join('; '), {
        problems,
      })
    const suite: Suite = target.suiteId
      ? await this.get(target.suiteId)
      : { id: randomUUID(), name: target.newSuiteName!, cases: [] }
    if (suite.cases.length >= 500)
      throw new AppError('CASES_SUITE_FULL', 'suite: a suite holds at most 500 cases; start another suite.')
    return summarizeSuite(
      await this.store.save({ ...suite, cases: [...suite.cases, { ...saved, id: randomUUID() }] }),
    )
  }

  async removeCase(suiteId: string, caseId: string): Promise<SuiteSummary> {
    const suite = await this.get(suiteId)
    return summarizeSuite(
      await this.store.save({ ...suite, cases: suite.cases.filter((c) => c.id !== caseId) }),
    )
  }

  /** A suite file becomes a new suite (a fresh id, so an import never overwrites a suite already kept). */
  async import(text: string): Promise<SuiteSummary> {
    const read = readSuiteFile(text)
    if (!read.ok)
      throw new AppError('CASES_BAD_FILE', `The suite file was not imported: ${read.problems.join('; ')}`, {
        problems: read.problems,
      })
    return summarizeSuite(await this.store.save({ ...read.suite, id: randomUUID() }))
  }

  async exportText(id: string): Promise<{ name: string; text: string }> {
    const suite = await this.get(id)
    const slug =
      suite.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'suite'
    return { name: `suite-${slug.slice(0, 60)}.json`, text: suiteFileText(suite) }
  }
}
