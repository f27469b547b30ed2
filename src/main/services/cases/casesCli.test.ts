import { describe, expect, it } from 'vitest'
import { parseCasesArgs } from './casesCli'

const file = JSON.stringify({
  version: 1,
  suite: {
    id: 's',
    name: 'Smoke',
    cases: [
      {
        id: 'c',
        name: 'hello',
        draft: { model: 'm', messages: [{ role: 'user', parts: [{ type: 'text', text: 'Hi' }] }] },
        assertions: [{ kind: 'contains', text: 'Hi' }],
      },
    ],
  },
})
const env = { KEY: 'sk-test' }
const read = (path: string) => {
  if (path === 'suite.json') return file
  throw Object.assign(new Error('missing'), { code: 'ENOENT' })
}
const base = ['suite.json', '--target', 'messages:m', '--base-url', 'http://127.0.0.1:9', '--key-env', 'KEY']
const problem = (argv: string[], e: Record<string, string> = env) => {
  const parsed = parseCasesArgs(argv, e, read)
  return parsed.ok === false ? parsed.message : null
}

describe('npm run cases arguments', () => {
  it('reads a suite file, targets, base URL, key, headers and concurrency', () => {
    const parsed = parseCasesArgs(
      [...base, '--target', 'chat:gpt-x', '--header', 'x-team: eval', '--concurrency', '3'],
      env,
      read,
    )
    expect(parsed).toMatchObject({
      ok: true,
      config: {
        suite: { name: 'Smoke' },
        targets: [
          { format: 'messages', model: 'm' },
          { format: 'chat', model: 'gpt-x' },
        ],
        apiKey: 'sk-test',
        headers: [{ name: 'x-team', value: 'eval' }],
        concurrency: 3,
      },
    })
  })

  it('names the argument and the rule of each bad argument', () => {
    expect(problem(base.map((a) => (a === 'messages:m' ? 'grpc:m' : a)))).toMatch(
      /^--target "grpc:m": write <format>:<model> with format one of chat, responses, messages, native/,
    )
    expect(problem(['suite.json', '--base-url', 'http://x', '--key-env', 'KEY'])).toMatch(
      /^--target: give at least one/,
    )
    expect(problem(base, {})).toBe('--key-env: the environment variable KEY is not set or empty')
    expect(problem(base.map((a) => (a === 'http://127.0.0.1:9' ? 'ftp://x' : a)))).toMatch(/^--base-url: /)
    expect(problem([...base, '--concurrency', '0'])).toBe(
      '--concurrency: a whole number from 1 to 8 (got "0")',
    )
    expect(problem([...base, '--header', 'novalue'])).toBe('--header "novalue": write <name>:<value>')
    expect(problem(base.map((a) => (a === 'suite.json' ? 'nope.json' : a)))).toBe(
      'cannot read nope.json: ENOENT',
    )
    expect(problem([...base, '--bogus'])).toMatch(/bogus/)
    expect(problem(base.slice(1))).toBe('give exactly one suite file')
  })
})
