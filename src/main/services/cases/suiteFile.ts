// Reads a suite file (`{ version: 1, suite }`) for import and for `npm run cases`: JSON syntax, the suite schema,
// then the rules only a compile can check (patterns, JSON Schemas). A bad file is refused with the first problems
// named by field path and rule; nothing from it is kept.
import { suiteFileSchema, type Suite } from '../../../shared/cases/caseModel'
import { suiteProblems } from './assertions'
import { parseJsonBounded } from '../../../shared/jsonDepth'

export type SuiteFileResult = { ok: true; suite: Suite } | { ok: false; problems: string[] }

/** At most this many problems are listed; the rest are counted. */
const LISTED = 5

export function readSuiteFile(text: string): SuiteFileResult {
  let raw: unknown
  try {
    raw = parseJsonBounded(text)
  } catch (error) {
    return { ok: false, problems: [`the file is not JSON: ${(error as Error).message}`] }
  }
  const parsed = suiteFileSchema.safeParse(raw)
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.length ? issue.path.join('.') : '(file)'}: ${issue.message}`,
    )
    return { ok: false, problems: listed(problems) }
  }
  const problems = suiteProblems(parsed.data.suite.cases).map((p) => `${p.path}: ${p.message}`)
  return problems.length ? { ok: false, problems: listed(problems) } : { ok: true, suite: parsed.data.suite }
}

function listed(problems: string[]): string[] {
  return problems.length > LISTED
    ? [...problems.slice(0, LISTED), `and ${problems.length - LISTED} more`]
    : problems
}

/** The file a suite is exported as (and that `npm run cases` reads). */
export function suiteFileText(suite: Suite): string {
  return `${JSON.stringify({ version: 1, suite }, null, 2)}\n`
}
