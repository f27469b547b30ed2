// Sending a job's request JSON as the user wrote it (Video 11/14, Images 16–19): the body text travels as is
// and is sent byte for byte; the same rules as the form are run on the parsed JSON first, each issue with its
// JSON path and a severity (an error stops Send until "Send anyway"; a warning is a limit the app assumed where
// the spec is silent, or a model outside the app's catalog). Invariant (M1): a raw body stays under 200 KB.
import { z } from 'zod'
import { CONSOLE_PATHS } from '../catalog/consoleTasks'
import { IMAGE_ENDPOINTS, type ImageEndpoint } from '../catalog/jobKinds'

export { IMAGE_ENDPOINTS, type ImageEndpoint }

export const RAW_BODY_MAX_CHARS = 200 * 1024

export const rawBodySchema = z
  .string()
  .min(1, 'Request JSON: empty; write the body to send')
  .max(
    RAW_BODY_MAX_CHARS,
    'Request JSON: at most 200 KB here; attach large images through the form (they are inlined when sent)',
  )

export const rawIssueSchema = z.object({
  /** JSON path of the field (`metadata.content[0].text`), or `body` for the whole text. */
  path: z.string(),
  rule: z.string(),
  message: z.string(),
  severity: z.enum(['error', 'warning']),
})
export type RawIssue = z.infer<typeof rawIssueSchema>

/** Each image endpoint's path (the job-kind registry names the endpoints). */
export const IMAGE_ENDPOINT_PATH = Object.fromEntries(
  IMAGE_ENDPOINTS.map((endpoint) => [endpoint, CONSOLE_PATHS[endpoint]]),
) as Record<ImageEndpoint, string>

const profileId = z.string().min(1).max(100)

export const rawVideoRequestSchema = z.object({
  profileId,
  kind: z.enum(['model', 'console']),
  body: rawBodySchema,
  /** "Send anyway": send despite errors. */
  force: z.boolean().default(false),
})
export type RawVideoRequest = z.infer<typeof rawVideoRequestSchema>

export const rawImageRequestSchema = z.object({
  profileId,
  endpoint: z.enum(IMAGE_ENDPOINTS),
  body: rawBodySchema,
  force: z.boolean().default(false),
})
export type RawImageRequest = z.infer<typeof rawImageRequestSchema>

export const rawCheckSchema = z.object({ issues: z.array(rawIssueSchema) })
