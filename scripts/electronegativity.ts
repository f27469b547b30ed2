// `npm run electronegativity`: Electron's own security checks (window options, CSP, navigation and permission
// handlers, IPC exposure) over the Electron sources. Invariant: it exits non-zero on any finding that the
// reviewed allow-list (scripts/electronegativity-allow.jsonc) does not explain, on an allow-list entry that no
// longer matches a finding, and on a file the tool could not parse; it never touches the network.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire, Module } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { parse as parseJsonc, type ParseError } from 'jsonc-parser'

const root = resolve(import.meta.dirname, '..')
/** What is scanned: main and preload sources (tests left out: their fakes are not the app) and the page shell. */
export const SCANNED = ['src/main', 'src/preload', 'src/renderer/index.html'] as const
export const ALLOW_LIST = join(root, 'scripts/electronegativity-allow.jsonc')
/**
 * Checks left out, each for a reason. AVAILABLE_SECURITY_FIXES_GLOBAL_CHECK downloads Electron's release list
 * (and caches it in the temp folder, so its result depends on the machine): CI runs offline. Keeping Electron
 * current is a dependency update, reviewed when package.json changes, not a property of our code.
 */
export const EXCLUDED_CHECKS = ['AvailableSecurityFixesGlobalCheck'] as const

export interface Finding {
  id: string
  file: string
  line: number
  column: number
  severity: string
  confidence: string
  manualReview: boolean
  /** The source line the finding points at, trimmed ('' for a finding about the whole project). */
  sample: string
  description: string
}

export interface AllowEntry {
  check: string
  file: string
  /** A piece of the flagged source line, so an entry follows its code when lines above it move. */
  match: string
  why: string
}

export interface Verdict {
  allowed: { finding: Finding; entry: AllowEntry }[]
  unexplained: Finding[]
  /** Entries that matched no finding: the code they explained changed, so the list must be reviewed again. */
  stale: AllowEntry[]
}

/** Reads and checks the allow-list: every entry names a check, a file, a match and a reason. */
export function parseAllowList(text: string): AllowEntry[] {
  const errors: ParseError[] = []
  const data: unknown = parseJsonc(text, errors, { allowTrailingComma: true })
  if (errors.length > 0) throw new Error(`allow-list: not valid JSONC (error at offset ${errors[0]!.offset})`)
  if (!Array.isArray(data)) throw new Error('allow-list: the top level must be an array of entries')
  return data.map((raw: unknown, i) => {
    const e = raw as Record<string, unknown>
    for (const key of ['check', 'file', 'match', 'why'] as const) {
      if (typeof e?.[key] !== 'string' || (key !== 'match' && (e[key] as string).trim() === ''))
        throw new Error(
          `allow-list entry ${i + 1}: "${key}" must be a string${key === 'match' ? '' : ' that is not empty'}`,
        )
    }
    if ((e.why as string).trim().length < 20)
      throw new Error(`allow-list entry ${i + 1}: "why" must explain the finding (at least 20 characters)`)
    return {
      check: e.check as string,
      file: e.file as string,
      match: e.match as string,
      why: e.why as string,
    }
  })
}

/** Splits findings into explained and unexplained; each entry may explain several findings of one line shape. */
export function judge(findings: Finding[], allow: AllowEntry[]): Verdict {
  const used = new Set<AllowEntry>()
  const allowed: Verdict['allowed'] = []
  const unexplained: Finding[] = []
  for (const finding of findings) {
    const entry = allow.find(
      (e) => e.check === finding.id && e.file === finding.file && finding.sample.includes(e.match),
    )
    if (entry) {
      used.add(entry)
      allowed.push({ finding, entry })
    } else unexplained.push(finding)
  }
  return { allowed, unexplained, stale: allow.filter((e) => !used.has(e)) }
}

interface RawIssue {
  id: string
  file: string
  location: { line: number; column: number }
  severity: { name: string }
  confidence: { name: string }
  manualReview?: boolean
  description: string | Record<string, string>
}

/**
 * The CLI and the runner both fetch translations from the network on every start (a one-second timeout, then
 * English). Replacing that module in require's cache with a local-only one keeps the scan offline and quick.
 */
function installOfflineI18n(packageRequire: NodeJS.Require): void {
  const i18nFile = packageRequire.resolve('@doyensec/electronegativity/dist/locales/i18n.js')
  const i18n = createRequire(i18nFile)('i18n') as {
    configure(options: object): void
    setLocale(locale: string): void
  }
  const stub = new Module(i18nFile) as Module & { loaded: boolean }
  stub.filename = i18nFile
  stub.loaded = true
  stub.exports = async () => {
    i18n.configure({
      locales: ['en-US'],
      defaultLocale: 'en-US',
      directory: dirname(i18nFile),
      updateFiles: false,
      objectNotation: true,
      retryInDefaultLocale: true,
      register: globalThis,
    })
    i18n.setLocale('en-US')
  }
  packageRequire.cache[i18nFile] = stub
}

/** Copies the scanned sources (tests excluded) to a temp folder, runs every check but the excluded ones. */
export async function scan(): Promise<{ findings: Finding[]; parseErrors: string[]; files: number }> {
  const packageRequire = createRequire(import.meta.url)
  installOfflineI18n(packageRequire)
  const run = packageRequire('@doyensec/electronegativity') as (options: object) => Promise<{
    issues: RawIssue[]
    errors: { file: string; message: string; tolerable: boolean }[]
  }>
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>
  }
  const electronVersion = pkg.devDependencies.electron!.replace(/^[^\d]*/, '')
  const stage = mkdtempSync(join(tmpdir(), 'electronegativity-'))
  try {
    let files = 0
    for (const path of SCANNED) {
      cpSync(join(root, path), join(stage, path), {
        recursive: true,
        filter: (src) => {
          const keep = !/\.test\.tsx?$/.test(src)
          if (keep && /\.(ts|tsx|js|html)$/.test(src)) files++
          return keep
        },
      })
    }
    const result = await run({
      input: stage,
      customScan: [],
      excludeFromScan: EXCLUDED_CHECKS.map((c) => c.toLowerCase()),
      electronVersionOverride: electronVersion,
      isRelative: false,
      parserPlugins: [],
    })
    const lines = new Map<string, string[]>()
    const sampleOf = (file: string, line: number) => {
      if (line <= 0) return ''
      if (!lines.has(file)) lines.set(file, readFileSync(file, 'utf8').split('\n'))
      return (lines.get(file)![line - 1] ?? '').trim()
    }
    // Project-wide findings (CSP_GLOBAL_CHECK) carry the file 'N/A'.
    const rel = (file: string) => (file === 'N/A' ? file : relative(stage, file).split(sep).join('/'))
    const findings = result.issues.map((issue) => ({
      id: issue.id,
      file: rel(issue.file),
      line: issue.location.line,
      column: issue.location.column,
      severity: issue.severity.name,
      confidence: issue.confidence.name,
      manualReview: !!issue.manualReview,
      sample: sampleOf(issue.file, issue.location.line),
      description:
        typeof issue.description === 'string'
          ? issue.description
          : Object.values(issue.description).join(' / '),
    }))
    const parseErrors = result.errors.filter((e) => !e.tolerable).map((e) => `${rel(e.file)}: ${e.message}`)
    return { findings, parseErrors, files }
  } finally {
    rmSync(stage, { recursive: true, force: true })
  }
}

async function main(): Promise<number> {
  const started = Date.now()
  const allow = parseAllowList(readFileSync(ALLOW_LIST, 'utf8'))
  const { findings, parseErrors, files } = await scan()
  const verdict = judge(findings, allow)
  const where = (f: Finding) => `${f.file}:${f.line}:${f.column}`
  console.log(`electronegativity: ${files} files of ${SCANNED.join(', ')}; ${findings.length} findings`)
  for (const { finding, entry } of verdict.allowed)
    console.log(`  allowed  ${finding.id} ${where(finding)}: ${entry.why}`)
  for (const f of verdict.unexplained)
    console.error(
      `  FINDING  ${f.id} (${f.severity}, ${f.confidence}${f.manualReview ? ', review' : ''}) ${where(f)}\n` +
        `           ${f.description}\n           ${f.sample}`,
    )
  for (const e of verdict.stale)
    console.error(
      `  STALE    allow-list entry ${e.check} in ${e.file} ("${e.match}") matches no finding: review it`,
    )
  for (const e of parseErrors) console.error(`  UNPARSED ${e}`)
  const failed = verdict.unexplained.length + verdict.stale.length + parseErrors.length
  console.log(
    `electronegativity: ${verdict.allowed.length} allowed, ${verdict.unexplained.length} unexplained, ` +
      `${verdict.stale.length} stale, ${parseErrors.length} unparsed (${Date.now() - started} ms)`,
  )
  if (failed > 0)
    console.error(
      'Fix each finding, or explain it in scripts/electronegativity-allow.jsonc (check, file, match, why).',
    )
  return failed > 0 ? 1 : 0
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(2)
    },
  )
}
