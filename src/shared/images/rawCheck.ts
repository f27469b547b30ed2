// The checks of an edited request JSON for endpoints 16–19: the JSON's syntax, then the same body checks the
// simulator answers with and the app runs before sending (catalog/consoleTasks.ts), each issue under its JSON
// path. Limits the app assumed where the spec is silent (batch n at most 16) are warnings, not errors.
import {
  BATCH_IMAGE_MAX_N,
  BATCH_IMAGE_PREFIX,
  TRY_ON_PREFIX,
  checkBatchImage,
  checkPhotoShootAdvanced,
  checkPhotoShootEasy,
  checkTryOn,
  type ConsoleIssue,
} from '../catalog/consoleTasks'
import type { ImageEndpoint, RawIssue } from '../ipc/rawRequest'
import { parseRawBody } from '../video/rawCheck'

const CHECKS: Record<ImageEndpoint, (body: unknown) => { ok: boolean; issues?: ConsoleIssue[] }> = {
  batchImage: checkBatchImage,
  photoShootEasy: checkPhotoShootEasy,
  photoShootAdvanced: checkPhotoShootAdvanced,
  tryOn: checkTryOn,
}

/** The batch `n` rule: the spec says only "integer (number of images)"; above 16 is the app's assumption. */
function severity(issue: ConsoleIssue, body: unknown): RawIssue['severity'] {
  if (!issue.field.endsWith('.n') && issue.field !== 'n') return 'error'
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  const nested = record.batchImageGenerationDTO as Record<string, unknown> | undefined
  const n = record['batchImageGenerationDTO.n'] ?? nested?.n ?? record.n
  return typeof n === 'number' && Number.isInteger(n) && n > BATCH_IMAGE_MAX_N ? 'warning' : 'error'
}

/** The checks name prefixed fields; a body written in the plain form gets its own paths back. */
function pathIn(body: unknown, field: string): string {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  for (const prefix of [BATCH_IMAGE_PREFIX, TRY_ON_PREFIX]) {
    if (field.startsWith(`${prefix}.`) && !(field in record) && !(prefix in record))
      return field.slice(prefix.length + 1)
  }
  return field
}

export function checkRawImageBody(endpoint: ImageEndpoint, text: string): RawIssue[] {
  const parsed = parseRawBody(text)
  if ('issue' in parsed) return [parsed.issue]
  const checked = CHECKS[endpoint](parsed.body)
  if (checked.ok || !checked.issues) return []
  return checked.issues.map((i) => {
    const level = severity(i, parsed.body)
    return {
      path: pathIn(parsed.body, i.field),
      rule: i.rule,
      message:
        level === 'warning'
          ? `${i.message}: the spec gives no maximum; ${BATCH_IMAGE_MAX_N} is this app's assumption`
          : i.message,
      severity: level,
    }
  })
}
