// The simulator in a child process, for benchmarks of main alone: main's event loop then carries only main's
// work. Run as a script it starts the simulator and prints one JSON line; `startSimulatorProcess` spawns it.
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import type { EmbeddedSimulator } from '../src/main/appCore'
import { createSimulator, type CreateSimulatorOptions } from '../src/simulator/server'

const API_KEY = 'sk-bench-key-000000'

/** `extra`: more simulator options (a fixed first-token delay, a capacity…), passed as JSON. */
export async function simulatorProcess(
  tokensPerSecond: number,
  extra: Partial<CreateSimulatorOptions> = {},
): Promise<EmbeddedSimulator> {
  const args = [import.meta.filename, String(tokensPerSecond), JSON.stringify(extra)]
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_NO_WARNINGS: '1' },
  })
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve)
    child.once('exit', (code) => reject(new Error(`simulator process exited with ${code}`)))
  })
  const info = JSON.parse(line) as { baseUrl: string; consoleBaseUrl: string; consoleToken: string }
  return {
    ...info,
    apiKey: API_KEY,
    close: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((done) => child.once('exit', done))
      child.kill('SIGTERM')
      await exited
    },
  }
}

if (import.meta.filename === process.argv[1]) {
  const extra = JSON.parse(process.argv[3] ?? '{}') as Partial<CreateSimulatorOptions>
  const sim = await createSimulator({ ...extra, apiKey: API_KEY, tokensPerSecond: Number(process.argv[2] ?? 0) })
  process.once('SIGTERM', () => void sim.close().then(() => process.exit(0)))
  console.log(
    JSON.stringify({
      baseUrl: sim.baseUrl,
      consoleBaseUrl: sim.consoleBaseUrl,
      consoleToken: sim.options.consoleToken,
    }),
  )
}
