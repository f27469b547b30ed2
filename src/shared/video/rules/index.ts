// The video body rules of spec endpoint 11, applied to a raw submitted body. The simulator answers 400 with
// these issues and the app runs the same function on the body its builder made, so each rule exists once.
// Invariant: allowed values come from the catalog rows, never from literals here; every issue names the wire
// field and the rule it broke. Each family's rules live in their own module; this one dispatches by family.
import { VIDEO_MODELS, findVideoModel, type VideoFamily, type VideoModel } from '../../catalog/videoModels'
import {
  Checker,
  isObject,
  show,
  type FamilySummary,
  type VideoBodyAnalysis,
  type VideoBodyOptions,
  type VideoIssue,
  type VideoRequestSummary,
} from './checker'
import { checkFamilyA } from './famA'
import { checkFamilyB } from './famB'
import { checkFamilyC } from './famC'
import { checkFamilyD } from './famD'

export type {
  VideoBodyAnalysis,
  VideoBodyOptions,
  VideoIssue,
  VideoRequestSummary,
} from './checker'
export { citedImages, formatFamilyDText, parseFamilyDText } from './famD'

const FAMILY_RULES: Record<VideoFamily, (c: Checker, opts: VideoBodyOptions) => FamilySummary> = {
  A: checkFamilyA,
  B: checkFamilyB,
  C: checkFamilyC,
  D: checkFamilyD,
}

function unknownModelMessage(model: unknown): string {
  const ids = VIDEO_MODELS.map((m) => m.id).join(', ')
  return model === undefined
    ? `model is required: one of ${ids}`
    : `model must be one of the video models ${ids} (got ${show(model)})`
}

/** Resolves a model id or row; undefined when it is not a video model. */
export const resolveVideoModel = (m: VideoModel | string): VideoModel | undefined =>
  typeof m === 'string' ? findVideoModel(m) : m

/**
 * Checks a raw video submit body (endpoint 11) against its model's rules and summarises what it asks for.
 * The simulator answers 400 with these issues; the app runs it on the body it built.
 */
export function analyzeVideoBody(body: unknown, opts: VideoBodyOptions = {}): VideoBodyAnalysis {
  if (!isObject(body)) {
    return {
      issues: [{ field: 'body', rule: 'type', message: 'The body must be a JSON object' }],
      request: undefined,
    }
  }
  const model = typeof body.model === 'string' ? findVideoModel(body.model) : undefined
  if (!model) {
    return {
      issues: [
        {
          field: 'model',
          rule: body.model === undefined ? 'required' : 'oneOf',
          message: unknownModelMessage(body.model),
        },
      ],
      request: undefined,
    }
  }
  const c = new Checker(body, model)
  const summary = FAMILY_RULES[model.family](c, opts)
  return { issues: c.issues, request: c.issues.length === 0 ? { model, ...summary } : undefined }
}

/**
 * What a body asks for, read with `model`'s family rules whatever their verdict: the summary of a body sent
 * anyway (warnings only) or sent for a model outside the catalog with a stand-in row.
 */
export function summarizeVideoBody(
  body: Record<string, unknown>,
  model: VideoModel,
  opts: VideoBodyOptions = {},
): VideoRequestSummary {
  return { model, ...FAMILY_RULES[model.family](new Checker(body, model), opts) }
}

/** The issues of a raw video submit body; empty when the body is valid. */
export const parseVideoBody = (body: unknown, opts: VideoBodyOptions = {}): VideoIssue[] =>
  analyzeVideoBody(body, opts).issues

/** One line for an HTTP 400 or a form banner: every issue's message joined. */
export const describeVideoIssues = (issues: readonly VideoIssue[]): string =>
  issues.map((i) => i.message).join('; ')
