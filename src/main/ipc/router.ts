// The one entry point for renderer→main calls, shared by the Electron transport and browser mode.
// Every input is parsed by its zod schema before the handler runs; every outcome is a Result, so nothing
// thrown in main ever crosses the boundary as an exception.
import type { z } from 'zod'
import type { CommandDef, CommandMap, CommandOutput, CommandParsed, EventMap } from '../../shared/ipc/define'
import type { CallContext, EventSink } from '../services/ports'
import { AppError, ErrorCode, fail, ok, type Result } from '../../shared/ipc/result'
import { redactValue } from '../services/redact'

export type Handler<C extends CommandDef, E extends EventMap> = (
  input: CommandParsed<C>,
  ctx: CallContext<E>,
) => Promise<CommandOutput<C>> | CommandOutput<C>

export type Handlers<C extends CommandMap, E extends EventMap> = { [K in keyof C]: Handler<C[K], E> }

export interface Router<E extends EventMap = EventMap> {
  readonly routes: readonly string[]
  handle(route: unknown, payload: unknown, ctx: CallContext<E>): Promise<Result<unknown>>
}

/** A zod error as `[{ path, message }]`, with paths such as `headers.0.name`. */
export function describeIssues(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }))
}

export function validationMessage(issues: { path: string; message: string }[]): string {
  return issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')
}

export interface RouterOptions {
  /** Called with unexpected errors (not AppError) so they can be logged, redacted, by the host. */
  onInternalError?: (route: string, error: unknown) => void
  /**
   * Masks any known secret in everything that leaves main (S7), results, errors and events alike, so a key a
   * gateway echoes into an answer never reaches a window: the last line of defence for both hosts.
   */
  redact?: (text: string) => string
}

/**
 * Events pass through here on their way to a window: secrets masked (strings only, never JSON syntax), nesting
 * bounded, and a failure in the transport is logged rather than thrown into the service that emitted (a stream's
 * timer would otherwise end the process).
 */
function redactingSink<E extends EventMap>(
  sink: EventSink<E>,
  redact: (text: string) => string,
  onError?: (error: unknown) => void,
): EventSink<E> {
  return {
    get alive() {
      return sink.alive
    },
    emit(name, payload) {
      try {
        sink.emit(name, redactValue(payload, redact))
      } catch (error) {
        onError?.(error)
      }
    },
  }
}

export function createRouter<C extends CommandMap, E extends EventMap>(
  commands: C,
  handlers: Handlers<C, E>,
  options: RouterOptions = {},
): Router<E> {
  const routes = Object.keys(commands).sort()
  const missing = routes.filter((r) => typeof handlers[r] !== 'function')
  if (missing.length > 0) throw new Error(`no handler for route(s): ${missing.join(', ')}`)

  return {
    routes,
    async handle(route, payload, ctx) {
      if (typeof route !== 'string' || !Object.hasOwn(commands, route)) {
        return fail(
          ErrorCode.UNKNOWN_ROUTE,
          `unknown route: ${typeof route === 'string' ? route.slice(0, 100) : typeof route}`,
        )
      }
      const def = commands[route] as CommandDef
      const parsed = def.input.safeParse(payload)
      if (!parsed.success) {
        const issues = describeIssues(parsed.error)
        return fail(ErrorCode.VALIDATION_FAILED, validationMessage(issues), { issues })
      }
      try {
        const handler = handlers[route] as Handler<CommandDef, E>
        const events = options.redact
          ? redactingSink(ctx.events, options.redact, (e) => options.onInternalError?.(`${route} (event)`, e))
          : ctx.events
        const value = await handler(parsed.data, { ...ctx, events })
        const checked = def.output.safeParse(value)
        if (!checked.success) {
          options.onInternalError?.(route, checked.error)
          return fail(ErrorCode.INTERNAL, `the ${route} handler returned an invalid result`)
        }
        return ok(options.redact ? redactValue(checked.data, options.redact) : checked.data)
      } catch (error) {
        const redact = options.redact ?? ((text: string) => text)
        if (error instanceof AppError) {
          const details = error.details === undefined ? undefined : redactValue(error.details, redact)
          return fail(error.code, redact(error.message), details)
        }
        options.onInternalError?.(route, error)
        return fail(ErrorCode.INTERNAL, redact(error instanceof Error ? error.message : 'unexpected error'))
      }
    },
  }
}
