// The path options on the command line, as child processes against real servers: `npm run simulator` serves HTTPS
// with --tls-cert / --tls-key; `npm run cases` reaches it through a SOCKS5 server (--proxy socks5://user:pass@…)
// trusting the test CA (--ca-file); `npm run check` goes through an HTTP proxy; the proxy password is printed
// nowhere; a bad --proxy or an unreadable --ca-file exits 2 naming the option.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseNetworkArgs } from '../../src/main/services/network/cliNetwork'
import {
  makeCertificates,
  startHttpProxy,
  startSocks5,
  PROXY_PASSWORD,
  PROXY_USER,
  type RunningProxy,
  type RunningSocks,
} from '../fakes/networkServers'

const ROOT = resolve(import.meta.dirname, '../..')
const KEY = 'sk-network-cli-0123456789'
let dir: string
let simulator: ChildProcess
let baseUrl: string
let socks: RunningSocks
let proxy: RunningProxy

function npm(args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((done) => {
    execFile(
      'npm',
      ['run', '--silent', ...args],
      { cwd: ROOT, env: { ...process.env, NET_CLI_KEY: KEY }, timeout: 90_000 },
      (error, stdout, stderr) =>
        done({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` }),
    )
  })
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'network-cli-'))
  const certs = await makeCertificates()
  writeFileSync(join(dir, 'server.pem'), certs.server.cert)
  writeFileSync(join(dir, 'server.key'), certs.server.key)
  writeFileSync(join(dir, 'ca.pem'), certs.caCert)
  socks = await startSocks5()
  proxy = await startHttpProxy()
  simulator = spawn(
    'npm',
    [
      'run',
      '--silent',
      'simulator',
      '--',
      '--port',
      '0',
      '--quiet',
      '--api-key',
      KEY,
      '--tls-cert',
      join(dir, 'server.pem'),
      '--tls-key',
      join(dir, 'server.key'),
    ],
    { cwd: ROOT, detached: true },
  )
  baseUrl = await new Promise<string>((found, fail) => {
    let text = ''
    simulator.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString()
      const m = /base URL\s+(https:\/\/\S+)/.exec(text)
      if (m) found(m[1]!)
    })
    simulator.once('exit', () => fail(new Error(`the simulator exited: ${text}`)))
  })
  writeFileSync(
    join(dir, 'suite.json'),
    JSON.stringify({
      version: 1,
      suite: {
        id: 'net',
        name: 'Net',
        cases: [
          {
            id: 'hi',
            name: 'says hello',
            draft: {
              model: 'sim-model',
              stream: true,
              maxTokens: 50,
              messages: [{ role: 'user', parts: [{ type: 'text', text: 'sim:tokens=5 hello' }] }],
            },
            assertions: [{ kind: 'totalUnder', ms: 60000 }],
          },
        ],
      },
    }),
  )
}, 60_000)
afterAll(async () => {
  if (simulator.pid) process.kill(-simulator.pid, 'SIGTERM')
  await socks.close()
  await proxy.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('path options on the command line', () => {
  it('npm run simulator serves HTTPS with the certificate given', () => {
    expect(baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
  })

  it('npm run cases reaches it through SOCKS5 trusting --ca-file, and prints no password', async () => {
    const before = socks.connections.length
    const run = await npm([
      'cases',
      '--',
      join(dir, 'suite.json'),
      '--target',
      'chat:sim-model',
      '--base-url',
      baseUrl,
      '--key-env',
      'NET_CLI_KEY',
      '--proxy',
      `socks5://${PROXY_USER}:${PROXY_PASSWORD}@127.0.0.1:${socks.port}`,
      '--ca-file',
      join(dir, 'ca.pem'),
    ])
    expect(run.out).toContain('1 of 1 cells passed')
    expect(run.code).toBe(0)
    expect(socks.connections.length).toBeGreaterThan(before)
    expect(run.out).not.toContain(PROXY_PASSWORD)
  }, 120_000)

  it('npm run check goes through an HTTP proxy', async () => {
    const before = proxy.tunnels.length
    const run = await npm([
      'check',
      '--',
      '--base-url',
      baseUrl,
      '--key-env',
      'NET_CLI_KEY',
      '--models',
      'sim-model',
      '--concurrency',
      '4',
      '--proxy',
      `http://${PROXY_USER}:${PROXY_PASSWORD}@127.0.0.1:${proxy.port}`,
      '--ca-file',
      join(dir, 'ca.pem'),
    ])
    expect(run.out).toMatch(/probes in/)
    expect(proxy.tunnels.length).toBeGreaterThan(before)
    expect(run.out).not.toContain(PROXY_PASSWORD)
  }, 180_000)

  it('a bad --proxy or an unreadable --ca-file is named', () => {
    expect(parseNetworkArgs({ proxy: 'ftp://u:secret@h:1' })).toEqual({
      ok: false,
      message: '--proxy "ftp://u:***@h:1": write http://host:port, https://host:port or socks5://host:port',
    })
    expect(parseNetworkArgs({ 'ca-file': join(dir, 'missing.pem') })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^--ca-file: cannot read .*ENOENT/),
    })
    expect(parseNetworkArgs({ proxy: 'system' })).toMatchObject({
      ok: true,
      network: { fields: { proxy: { mode: 'system' } } },
    })
  })
})
