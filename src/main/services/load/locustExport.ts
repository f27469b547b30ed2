// "Export as Locust file": a locustfile.py that makes the same requests as a load test (each target's body built
// by the app's wire code, with the run's prompts in place of a marker) under the same plan, and reports TTFT,
// TPOT, ITL and output tokens by the same definitions (locustPython.ts). The key is read from the environment
// variable the user names and never written into the file; so are extra headers that look like credentials
// (each from `<VAR>_HEADER_<n>`, listed in the file's head). The base URL is Locust's `--host`.
import { isTextFormat, levelLabel, planSteps, targetLabel, type LoadPlan } from '../../../shared/load/plan'
import { buildLoadRequest } from '../../../shared/load/requests'
import type { ResolvedProfile } from '../profiles'
import type { PromptPool } from './prompts'
import { LOCUST_BODY } from './locustPython'

export const PROMPT_MARK = '\u0000PROMPT\u0000'
/** Prompts written into the file at most, and their characters. */
const MAX_PROMPTS = 512
const MAX_PROMPT_CHARS = 8 * 1024 * 1024
const CREDENTIAL = /auth|key|token|secret|cookie|passw/i

/** A Python string literal of any text (a JSON string literal is one). */
const py = (text: string) => JSON.stringify(text)
/** A Python value from JSON data, parsed at import. */
const pyJson = (value: unknown) => `json.loads(${py(JSON.stringify(value))})`

export function isEnvName(name: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]{0,127}$/.test(name)
}

export function locustFileOf(
  plan: LoadPlan,
  profiles: readonly ResolvedProfile[],
  prompts: PromptPool,
  keyEnv: string,
): string {
  if (!isEnvName(keyEnv)) throw new Error(`key variable: "${keyEnv}" is not an environment variable name`)
  const secretEnvs: string[] = []
  const targets = plan.targets.map((target, i) => {
    const profile = profiles[i] ?? profiles[0]!
    const sample = prompts.at(0)
    const built = buildLoadRequest(target, sample.messages ? sample : { text: PROMPT_MARK }, plan.maxTokens)
    const headers: Record<string, string> = { ...built.headers }
    const secretHeaders: Record<string, string> = {}
    for (const h of profile.headers) {
      if (CREDENTIAL.test(h.name)) {
        const env = `${keyEnv}_HEADER_${secretEnvs.length + 1}`
        secretEnvs.push(`${env} (the "${h.name}" header)`)
        secretHeaders[h.name.toLowerCase()] = env
      } else headers[h.name.toLowerCase()] = h.value
    }
    return {
      label: targetLabel(target),
      format: isTextFormat(target.format) ? target.format : 'embeddings',
      stream: isTextFormat(target.format) && target.stream,
      path: built.path,
      auth: built.kind === 'native' ? profile.nativeAuth : 'bearer',
      headers,
      secret_headers: secretHeaders,
      body: JSON.stringify(built.body),
    }
  })
  const texts: string[] = []
  let chars = 0
  for (let i = 0; i < Math.min(prompts.size, MAX_PROMPTS); i++) {
    const text = prompts.at(i).text
    if (chars + text.length > MAX_PROMPT_CHARS && texts.length > 0) break
    texts.push(text)
    chars += text.length
  }
  const steps = planSteps(plan)
  const head = [
    `# locustfile.py for "${(plan.name ?? 'load test').replace(/[\r\n]/g, ' ')}", exported by Gateway Playground.`,
    '# It makes the same requests as the app under the same plan, and reports TTFT, TPOT, ITL (per frame),',
    '# TOKENS (output tokens as the value) and E2E (each request; output tokens as its length) by the same',
    '# definitions. Warm-up requests are reported as WARMUP.',
    '#',
    `# The API key is read from the environment variable ${keyEnv}; it is not in this file.`,
    ...secretEnvs.map((e) => `# Also set ${e}.`),
    '#',
    '# One machine:',
    `#   ${keyEnv}=… locust -f locustfile.py --host <base URL> --headless --csv results`,
    '# A cluster (one master, workers on any machines that reach it and the gateway):',
    `#   ${keyEnv}=… locust -f locustfile.py --master --headless --expect-workers 4 --host <base URL> --csv results`,
    `#   ${keyEnv}=… locust -f locustfile.py --worker --master-host <master address>     (on each worker)`,
    "# Then import results_stats.csv in the Load test panel to see its figures beside the app's.",
    '',
    'import json',
    '',
    `KEY_ENV = ${py(keyEnv)}`,
    `PROMPT_MARK = ${py(PROMPT_MARK)}`,
    `TARGETS = ${pyJson(targets)}`,
    `PROMPTS = ${pyJson(texts)}`,
    `MODE = ${py(plan.shape.mode)}`,
    `STEPS = ${pyJson(steps.map((s) => [s.targetIndex, s.level]))}`,
    `LEVEL_LABELS = ${pyJson(steps.map((s) => levelLabel(plan.shape.mode, s.level)))}`,
    `PER = ${py(plan.shape.per)}`,
    `AMOUNT = ${plan.shape.amount}`,
    `WARMUP = ${plan.shape.warmup}`,
    `TIMEOUT_S = ${plan.shape.timeoutS}`,
    `MAX_IN_FLIGHT = ${plan.shape.maxInFlight}`,
  ]
  return `${head.join('\n')}\n${LOCUST_BODY}`
}
