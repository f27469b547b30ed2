// `npm run simulator -- --port 8787 …`: runs the simulator standalone, prints its base URLs, demo
// credentials and example curl lines, logs one line per request, and closes cleanly on SIGINT/SIGTERM.
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { createSimulator, DEFAULT_OPTIONS, type CreateSimulatorOptions } from './server'
import { FAULT_KINDS } from './faults'
import { MODEL_LIST_SHAPES, type ModelListShape } from './models'

const USAGE = `Usage: npm run simulator -- [options]

  --port <n>            listen port (default 8787; 0 picks a free one)
  --host <addr>         listen address (default 127.0.0.1)
  --api-key <key>       accepted API key (default ${DEFAULT_OPTIONS.apiKey})
  --console-token <t>   accepted console access token (default ${DEFAULT_OPTIONS.consoleToken})
  --tps <n>             streaming speed in tokens per second (default 0 = as fast as possible)
  --ttft <ms>           delay before the first streamed token (default 0)
  --ttft-jitter <ms>    normal jitter of each stream's first-token delay, one standard deviation (default 0)
  --tps-jitter <f>      normal jitter of each stream's speed as a fraction (0.2 = ±20 %; default 0)
  --capacity <n>        model requests generated at once; more wait in a queue before their headers (default 0 = no limit)
  --rpm <n>             model requests admitted per minute; more get 429 with Retry-After (default 0 = no limit)
  --latency <ms>        added latency before every response (default 0)
  --video-speed <n>     video clock speed-up (default 1; 20 finishes a job in about a second)
  --fault <spec>        fault for every request without an x-sim-fault header
  --tls-cert <file>     serve HTTPS with this certificate (PEM; give --tls-key too)
  --tls-key <file>      the certificate's private key (PEM)
  --tls-client-ca <file> with HTTPS, serve only clients showing a certificate this CA signed (mTLS)
  --models <shape>      serve GET /v1/models as openai, anthropic or gemini list (default: no list endpoint)
  --quiet               do not log requests
  --help                show this help

Fault kinds (comma-separated; per request via the x-sim-fault header):
  ${FAULT_KINDS.join(', ')}`

function number(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined
  const parsed = Number(value)
  if (!Number.isFinite(parsed) || parsed < 0)
    throw new Error(`--${name} needs a non-negative number, got "${value}".`)
  return parsed
}

function readPem(path: string, flag: string): string {
  try {
    return readFileSync(path, 'utf8')
  } catch (error) {
    throw new Error(
      `--${flag}: cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    )
  }
}

function tlsFiles(cert?: string, key?: string, clientCa?: string): CreateSimulatorOptions['tls'] {
  if (!cert && !key && !clientCa) return undefined
  if (!cert || !key) throw new Error('HTTPS needs both --tls-cert and --tls-key.')
  return {
    cert: readPem(cert, 'tls-cert'),
    key: readPem(key, 'tls-key'),
    ...(clientCa ? { clientCa: readPem(clientCa, 'tls-client-ca') } : {}),
  }
}

function whole(value: string | undefined, name: string): number | undefined {
  const parsed = number(value, name)
  if (parsed !== undefined && !Number.isInteger(parsed))
    throw new Error(`--${name} needs a whole number, got "${value}".`)
  return parsed
}

function modelListShape(value: string | undefined): ModelListShape | undefined {
  if (value === undefined) return undefined
  if ((MODEL_LIST_SHAPES as readonly string[]).includes(value)) return value as ModelListShape
  throw new Error(`--models needs one of ${MODEL_LIST_SHAPES.join(', ')}, got "${value}".`)
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'api-key': { type: 'string' },
      'console-token': { type: 'string' },
      tps: { type: 'string' },
      ttft: { type: 'string' },
      latency: { type: 'string' },
      'ttft-jitter': { type: 'string' },
      'tps-jitter': { type: 'string' },
      capacity: { type: 'string' },
      rpm: { type: 'string' },
      'video-speed': { type: 'string' },
      fault: { type: 'string' },
      'tls-cert': { type: 'string' },
      'tls-key': { type: 'string' },
      'tls-client-ca': { type: 'string' },
      models: { type: 'string' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  })
  if (values.help) {
    console.log(USAGE)
    return
  }
  const options: CreateSimulatorOptions = {
    port: number(values.port, 'port') ?? 8787,
    host: values.host ?? '127.0.0.1',
    apiKey: values['api-key'],
    consoleToken: values['console-token'],
    tokensPerSecond: number(values.tps, 'tps'),
    firstTokenDelayMs: number(values.ttft, 'ttft'),
    latencyMs: number(values.latency, 'latency'),
    firstTokenJitterMs: number(values['ttft-jitter'], 'ttft-jitter'),
    tokensPerSecondJitter: number(values['tps-jitter'], 'tps-jitter'),
    capacity: whole(values.capacity, 'capacity'),
    requestsPerMinute: whole(values.rpm, 'rpm'),
    videoSpeed: number(values['video-speed'], 'video-speed'),
    fault: values.fault,
    tls: tlsFiles(values['tls-cert'], values['tls-key'], values['tls-client-ca']),
    modelList: modelListShape(values.models),
    log: values.quiet ? undefined : (line) => console.log(`${new Date().toISOString()} ${line}`),
  }
  const sim = await createSimulator(options)
  const key = sim.options.apiKey
  console.log(`Gateway simulator (synthetic outputs, no real model is called)

  base URL          ${sim.baseUrl}
  console base URL  ${sim.consoleBaseUrl}
  API key           ${key}
  console token     ${sim.options.consoleToken}

Try:
  curl${sim.baseUrl.startsWith('https') ? ' --cacert <your CA or the certificate>' : ''} ${sim.baseUrl}/v1/chat/completions -H 'Authorization: Bearer ${key}' -H 'Content-Type: application/json' \\
    -d '{"model":"gpt-4o","messages":[{"role":"user","content":"Hello"}],"stream":true}'
  curl ${sim.baseUrl}/v1/messages -H 'Authorization: Bearer ${key}' -H 'Content-Type: application/json' \\
    -d '{"model":"claude-sonnet-4-6","max_tokens":256,"messages":[{"role":"user","content":"Hello"}]}'
  curl '${sim.baseUrl}/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse&key=${key}' \\
    -H 'Content-Type: application/json' -d '{"contents":[{"parts":[{"text":"Hello"}]}]}'
  curl ${sim.baseUrl}/v1/chat/completions -H 'Authorization: Bearer ${key}' -H 'x-sim-fault: 429' \\
    -H 'Content-Type: application/json' -d '{"model":"gpt-4o","messages":[{"role":"user","content":"Hi"}]}'

Press Ctrl+C to stop.`)

  let closing = false
  const shutdown = (signal: string): void => {
    if (closing) return
    closing = true
    console.log(`\n${signal}: closing the simulator.`)
    sim.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.on('SIGINT', () => shutdown('SIGINT'))
  process.on('SIGTERM', () => shutdown('SIGTERM'))
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  console.error(`\n${USAGE}`)
  process.exit(1)
})
