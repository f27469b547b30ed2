// Declaring commands and events once: a command is a pair of zod schemas (input, output) and an event is one
// payload schema. The router, the preload and the renderer client are all generic over these declarations,
// so adding a route touches one domain file and one handler.
import type { z } from 'zod'

export interface CommandDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly input: I
  readonly output: O
}

export interface EventDef<P extends z.ZodType = z.ZodType> {
  readonly payload: P
}

export const defineCommand = <I extends z.ZodType, O extends z.ZodType>(
  input: I,
  output: O,
): CommandDef<I, O> => ({
  input,
  output,
})

export const defineEvent = <P extends z.ZodType>(payload: P): EventDef<P> => ({ payload })

export type CommandMap = Record<string, CommandDef>
export type EventMap = Record<string, EventDef>

/** What the renderer passes in (before defaults and transforms). */
export type CommandInput<C extends CommandDef> = z.input<C['input']>
/** What a handler receives (after parsing). */
export type CommandParsed<C extends CommandDef> = z.output<C['input']>
/** What a handler returns and the renderer receives. */
export type CommandOutput<C extends CommandDef> = z.output<C['output']>
export type EventPayload<E extends EventDef> = z.output<E['payload']>

/** The two channels that carry the whole contract over Electron IPC. */
export const IPC_INVOKE_CHANNEL = 'gateway:invoke'
export const IPC_EVENT_CHANNEL = 'gateway:event'
