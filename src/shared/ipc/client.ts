// The typed client over any bridge (the Electron preload, the browser-mode WebSocket, or an in-memory pair in
// tests). It is derived from the contract alone: a new route needs no change here.
import type { Commands, EventName, Events, Route } from './contract'
import type { CommandInput, CommandOutput, EventPayload } from './define'
import type { IpcError, Result } from './result'

/** What a host exposes to the renderer: exactly two functions (S6). */
export interface Bridge {
  invoke(route: string, payload: unknown): Promise<Result<unknown>>
  on(event: string, listener: (payload: unknown) => void): () => void
}

/** An IPC failure turned back into an exception on the renderer side. */
export class IpcCallError extends Error {
  readonly code: string
  readonly details: unknown
  constructor(
    readonly route: string,
    error: IpcError,
  ) {
    super(error.message)
    this.name = 'IpcCallError'
    this.code = error.code
    this.details = error.details
  }
}

type InputArgs<K extends Route> =
  undefined extends CommandInput<Commands[K]>
    ? [input?: CommandInput<Commands[K]>]
    : [input: CommandInput<Commands[K]>]

export interface Client {
  /** Calls a route; resolves with its output or rejects with an IpcCallError. */
  invoke<K extends Route>(route: K, ...args: InputArgs<K>): Promise<CommandOutput<Commands[K]>>
  /** Calls a route and returns the Result without throwing. */
  call<K extends Route>(route: K, ...args: InputArgs<K>): Promise<Result<CommandOutput<Commands[K]>>>
  on<K extends EventName>(name: K, listener: (payload: EventPayload<Events[K]>) => void): () => void
}

export function createClient(bridge: Bridge): Client {
  const call = async (route: string, input: unknown): Promise<Result<unknown>> => {
    try {
      return await bridge.invoke(route, input)
    } catch (error) {
      return {
        ok: false,
        error: { code: 'TRANSPORT', message: error instanceof Error ? error.message : String(error) },
      }
    }
  }
  return {
    call: ((route: string, input?: unknown) => call(route, input)) as Client['call'],
    invoke: (async (route: string, input?: unknown) => {
      const result = await call(route, input)
      if (!result.ok) throw new IpcCallError(route, result.error)
      return result.value
    }) as Client['invoke'],
    on: ((name: string, listener: (payload: unknown) => void) => bridge.on(name, listener)) as Client['on'],
  }
}
