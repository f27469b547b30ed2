// Reads one streamed answer to its end: bytes → SSE frames (recorded) → the format's folder → common events,
// handed on as they come. An idle timer guards the stream (R4), a mid-stream error ends it at once (R2), reading
// goes on briefly after the format's finish for trailing frames (usage, `[DONE]`), and a cut stream keeps what
// arrived (R3). It answers how the stream ended; the run it serves decides what that means for the run.
import type { RunError, RunEvent, RunStatus } from '../../../shared/ipc/text'
import type { StreamEvent, WireError } from '../../../shared/wire'
import type { GatewayResponse } from '../gateway'
import type { Prepared } from './preparedRequest'
import { createSseReader } from './sseReader'

/** What the run reading the stream lends it: its abort, whether it was stopped, and where events go. */
export interface StreamHost {
  controller: AbortController
  /** Stop was pressed: reading ends at the next read. */
  stopped(): boolean
  /** Delivers one frame's events (awaited, in order). */
  deliver(events: StreamEvent[]): Promise<void>
}

/** How the stream ended: the run's status and error, and any closing events the folder still had. */
export interface StreamEnd {
  status: RunStatus
  error?: RunError
  /** Events the folder closes with when the stream ended without its final event (sent before the end). */
  tail?: RunEvent[]
}

export async function readStream(host: StreamHost, p: Prepared, res: GatewayResponse): Promise<StreamEnd> {
  const folder = p.adapter.createFolder()
  const recorder = res.exchange
  const pending: StreamEvent[][] = []
  const reader = createSseReader(
    (frame) => {
      recorder.recordFrame(frame)
      pending.push(folder.push(frame))
    },
    (message) => recorder.recordError(`SSE: ${message}`),
    (text) => recorder.recordBodyChunk(text),
  )
  const idleMs = p.profile.idleTimeoutMs
  let idleFired = false
  // One timer for the whole stream, pushed back on each network read (no timer made per read).
  const idle: ReturnType<typeof setTimeout> = setTimeout(() => {
    idleFired = true
    host.controller.abort()
  }, idleMs)
  const armIdle = () => void idle.refresh()
  // After the format's finish, frames may still come (chat's usage chunk, then `[DONE]`), each possibly in a
  // later network read: reading goes on to the stream's last event or the end of the body, but no longer
  // than this after the finish, so a server that never closes cannot hold the run open.
  const trailingGraceMs = Math.min(2_000, idleMs)
  let trailing: ReturnType<typeof setTimeout> | null = null
  let trailingFired = false
  let streamError: WireError | undefined
  let cutBy: string | null = null
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      // Any bytes count as activity, pings and comments included (R4).
      armIdle()
      reader.push(chunk)
      for (const events of pending.splice(0)) {
        await host.deliver(events)
        streamError ??= events.find((e): e is Extract<StreamEvent, { type: 'error' }> => e.type === 'error')
      }
      // A mid-stream error ends the run now (R2), without waiting for the server to close.
      if (streamError || folder.closed || host.stopped()) break
      if (folder.status === 'complete' && !trailing) {
        trailing = setTimeout(() => {
          trailingFired = true
          host.controller.abort()
        }, trailingGraceMs)
      }
    }
    if (!streamError && !folder.closed && !host.stopped() && !trailingFired) {
      reader.end()
      for (const events of pending.splice(0)) await host.deliver(events)
    }
  } catch (error) {
    if (!host.stopped() && !idleFired && !trailingFired && folder.status !== 'complete') {
      // The socket died mid-stream (or the stream could not be read on): what arrived is kept, the run is
      // incomplete (R3).
      cutBy = (error as Error).message
      recorder.recordError(`the stream was cut: ${cutBy}`)
    }
  } finally {
    clearTimeout(idle)
    if (trailing) clearTimeout(trailing)
    // Stop reading and close the socket if we are leaving early.
    host.controller.abort()
    recorder.finish()
  }

  if (host.stopped()) return { status: 'aborted' }
  if (idleFired) {
    return {
      status: 'error',
      error: {
        message: `No data for ${Math.round(idleMs / 1000)} s (the profile's stream idle timeout); the partial answer is kept.`,
        errorType: 'idle_timeout',
        raw: null,
      },
    }
  }
  if (streamError) return { status: 'error', error: streamError }
  if (folder.status === 'complete') return { status: 'done' }
  const tail: RunEvent[] = []
  if (folder.status !== 'incomplete') {
    for (const e of folder.end()) if (e.type !== 'incomplete') tail.push(e as RunEvent)
  }
  return {
    status: 'incomplete',
    tail,
    error: {
      message: cutBy
        ? `The stream was cut before its final event (${cutBy}); the answer may be cut short.`
        : 'The stream closed before its final event; the answer may be cut short.',
      errorType: 'incomplete',
      raw: null,
    },
  }
}
