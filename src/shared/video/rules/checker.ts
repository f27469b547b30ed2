// Shared pieces of the video body rules (spec endpoint 11): the issue and summary types, and the Checker each
// family's rules use to read one field and report under its wire name. Invariant: a check never throws; a
// broken field becomes one issue naming the field and the rule.
import { listValues, type VideoMode, type VideoModel } from '../../catalog/videoModels'
import { parseImageReference, type ImageInfo } from '../images'

export type VideoRule =
  | 'required'
  | 'type'
  | 'oneOf'
  | 'range'
  | 'prefix'
  | 'format'
  | 'dimensions'
  | 'mode'
  | 'forbidden'
  | 'requires'
  | 'conflict'
  | 'count'
  | 'roles'
  | 'citation'
  | 'duplicate'
  /** A model id outside the app's catalog: a note, the gateway decides. */
  | 'catalog'

export interface VideoIssue {
  /** Wire field (`durationSeconds`, `metadata.content[1].role`, `--dur`). */
  field: string
  rule: VideoRule
  /** Names the field and the rule, e.g. "durationSeconds must be one of 4, 6, 8 for famB-… (got 5)". */
  message: string
  /** 'warning' for a limit the app assumed where the spec is silent (sendable anyway); absent means error. */
  severity?: 'error' | 'warning'
}

/** What a valid body asks for, family-neutral: the job record's request summary and the simulator's input. */
export interface VideoRequestSummary {
  model: VideoModel
  mode: VideoMode
  /** Prompt text (family D: the text item without its flags). */
  prompt: string
  durationSeconds: number
  /** Resolution token, or family A's size `WxH`. */
  resolution: string | undefined
  aspectRatio: string | undefined
  imageCount: number
  seed: number | undefined
  sampleCount: number
  /** Whether the result carries audio, per the model's audio rule and the request's toggle. */
  audio: boolean
  watermark: boolean | undefined
}

export interface VideoBodyOptions {
  /**
   * Decoded size of family A's `input_reference` when the caller knows it (a URL it fetched, a file it read).
   * Inline references (data URL, Base64) are measured here from their header without it.
   */
  imageInfo?: ImageInfo
}

export interface VideoBodyAnalysis {
  issues: VideoIssue[]
  /** Present when there are no issues. */
  request: VideoRequestSummary | undefined
}

export type Json = Record<string, unknown>

/** What one family's rules report besides the model. */
export type FamilySummary = Omit<VideoRequestSummary, 'model'>

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
export const show = (v: unknown): string =>
  typeof v === 'string' ? JSON.stringify(v) : String(JSON.stringify(v))

/** Collects issues for one body; each check reads one field and reports under its wire name. */
export class Checker {
  readonly issues: VideoIssue[] = []
  constructor(
    readonly body: Json,
    readonly model: VideoModel,
  ) {}

  add(field: string, rule: VideoRule, message: string): void {
    this.issues.push({ field, rule, message })
  }

  has(field: string): boolean {
    return this.body[field] !== undefined && this.body[field] !== null
  }

  string(field: string, required: boolean): string | undefined {
    const v = this.body[field]
    if (v === undefined || v === null) {
      if (required) this.add(field, 'required', `${field} is required for ${this.model.id}`)
      return undefined
    }
    if (typeof v !== 'string') {
      this.add(field, 'type', `${field} must be a string (got ${show(v)})`)
      return undefined
    }
    if (required && v.trim() === '') {
      this.add(field, 'required', `${field} must not be empty for ${this.model.id}`)
      return undefined
    }
    return v
  }

  boolean(field: string): boolean | undefined {
    const v = this.body[field]
    if (v === undefined || v === null) return undefined
    if (typeof v !== 'boolean') {
      this.add(field, 'type', `${field} must be true or false (got ${show(v)})`)
      return undefined
    }
    return v
  }

  integer(field: string): number | undefined {
    const v = this.body[field]
    if (v === undefined || v === null) return undefined
    if (typeof v !== 'number' || !Number.isInteger(v)) {
      this.add(field, 'type', `${field} must be an integer (got ${show(v)})`)
      return undefined
    }
    return v
  }

  oneOf<T extends string | number>(
    field: string,
    value: T | undefined,
    allowed: readonly T[],
    what: string,
  ): T | undefined {
    if (value === undefined) return undefined
    if (!allowed.includes(value)) {
      this.add(
        field,
        'oneOf',
        `${field} must be one of ${listValues(allowed)} for ${this.model.id} (${what}; got ${show(value)})`,
      )
      return undefined
    }
    return value
  }

  /** An image field: http(s) URL, data URL or Base64 (spec: "URL or Base64"). */
  imageRef(field: string, value: unknown, required: boolean): string | undefined {
    if (value === undefined || value === null) {
      if (required) this.add(field, 'required', `${field} is required for ${this.model.id}`)
      return undefined
    }
    if (typeof value !== 'string' || parseImageReference(value).kind === 'invalid') {
      this.add(field, 'format', `${field} must be an http(s) URL, a data URL or Base64 image data`)
      return undefined
    }
    return value
  }
}
