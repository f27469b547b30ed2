// Shared plumbing of the text routes: the route wrapper that turns a thrown RequestError into the route's
// error body, the `missing-` model trigger, thinking budgets from model suffixes and efforts, and the
// JSON-fragment splitter used to stream tool-call arguments.
import type { AuthKind, ErrorStyle, SimContext, SimRoute } from '../types'
import { errorTypeFor, sendError } from '../errors'
import { parseThinkingSuffix } from '../../shared/catalog/textModels'
import { THINKING_BUDGET_BY_EFFORT } from '../../shared/catalog/textParams'
import { RequestError, isRecord, type Json } from './body'
import { countTokens, loadTokenizer, type Piece } from './tokens'

/** Default thinking budget when a request enables thinking without one: the catalog's medium effort. */
export const DEFAULT_BUDGET: number = THINKING_BUDGET_BY_EFFORT.medium

/** The budget for a named effort (low, medium, high, any case), from the catalog's table; other names have none. */
export function effortBudget(effort: string): number | undefined {
  const key = effort.toLowerCase()
  return Object.hasOwn(THINKING_BUDGET_BY_EFFORT, key)
    ? THINKING_BUDGET_BY_EFFORT[key as keyof typeof THINKING_BUDGET_BY_EFFORT]
    : undefined
}

/** Model ids starting with this prefix answer with the format's model-not-found error (404). */
export const MISSING_MODEL_PREFIX = 'missing-'

export function assertModelExists(model: string, message: string): void {
  if (model.startsWith(MISSING_MODEL_PREFIX))
    throw new RequestError(404, message, 'model', undefined, 'model_not_found')
}

/** What a model id's thinking suffix asks for: a budget, explicitly off, or nothing. */
export function suffixThinking(model: string): { budget: number } | 'off' | undefined {
  const suffix = parseThinkingSuffix(model).thinking
  if (!suffix) return undefined
  switch (suffix.kind) {
    case 'off':
      return 'off'
    case 'on':
      return { budget: DEFAULT_BUDGET }
    case 'budget':
      return { budget: suffix.budget }
    case 'level':
      return { budget: effortBudget(suffix.level) ?? DEFAULT_BUDGET }
  }
}

/** A text route: its handler reads the body as a JSON object and may throw RequestError. */
export function textRoute(
  path: RegExp,
  style: ErrorStyle,
  auth: AuthKind,
  handle: (ctx: SimContext, body: Json) => Promise<void> | void,
): SimRoute {
  return {
    method: 'POST',
    path,
    auth,
    errorStyle: style,
    async handle(ctx) {
      await loadTokenizer()
      try {
        if (!isRecord(ctx.body)) throw new RequestError(400, 'The request body must be a JSON object.')
        await handle(ctx, ctx.body)
      } catch (error) {
        if (!(error instanceof RequestError)) throw error
        const type = error.type ?? errorTypeFor(style, error.status)
        sendError(ctx, error.status, style, type, error.message, {
          param: error.param ?? null,
          code: error.code,
        })
      }
    },
  }
}

/** Splits a JSON string into small fragments for streaming (arguments carry no spaces to split on). */
export function jsonPieces(json: string, size = 12): Piece[] {
  const pieces: Piece[] = []
  for (let i = 0; i < json.length; i += size) {
    const text = json.slice(i, i + size)
    pieces.push({ text, tokens: Math.max(1, countTokens(text)) })
  }
  return pieces
}

/** Unix seconds. */
export function unixSeconds(ms: number): number {
  return Math.floor(ms / 1000)
}

/** Parses tool-call arguments sent back by a client (a JSON string); keeps the raw string if it is not JSON. */
export function parseArguments(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw ?? {}
  try {
    return JSON.parse(raw) as unknown
  } catch {
    return raw
  }
}
