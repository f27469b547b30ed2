// The stdio transport of a tool server, bounded: the SDK's Client talks JSON-RPC through it to a child process the
// user started in Settings. Unlike the SDK's own stdio transport it never holds more than one message's bound of
// stdout (a larger message is skipped and the request it answered fails at once, framing.ts), tells apart a line
// that is not JSON-RPC (logged, dropped; a broken answer to a pending request fails that request), reads stderr at
// a bounded rate (a server that writes there without end is slowed, never the app), and stops the whole process
// group on close. The child's environment is built by childEnv.ts: none of the app's own.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import { BoundedFraming, mb, oversizeId, type Oversize } from './framing'
import { readMessage, limitError, type WireNotes } from './wireWatch'

/** Stderr read at most this many bytes a second; past it the stream is paused until the second is over. */
export const STDERR_BYTES_PER_SECOND = 512 * 1024

export interface StdioParams {
  command: string
  args: string[]
  cwd: string
  env: Record<string, string>
  maxMessageBytes: number
}

export interface StdioEvents extends WireNotes {
  stderr(text: string): void
  /** Stderr came faster than it is read: reading paused for the rest of the second. */
  throttled(): void
  /** The process ended (or could not start): its exit code or signal. */
  exited(info: { code: number | null; signal: string | null }): void
}

export class BoundedStdioTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage) => void
  private child: ChildProcessWithoutNullStreams | null = null
  private closing = false
  private stderrWindow = { start: 0, bytes: 0 }

  constructor(
    private readonly params: StdioParams,
    private readonly events: StdioEvents,
  ) {}

  get pid(): number | undefined {
    return this.child?.pid
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      let child: ChildProcessWithoutNullStreams
      try {
        child = spawn(this.params.command, this.params.args, {
          cwd: this.params.cwd,
          env: this.params.env,
          stdio: ['pipe', 'pipe', 'pipe'],
          shell: false,
          windowsHide: true,
          // Its own process group, so closing stops what it started too (npx runs the server as a grandchild).
          detached: process.platform !== 'win32',
        })
      } catch (error) {
        return reject(error instanceof Error ? error : new Error(String(error)))
      }
      this.child = child
      const framing = new BoundedFraming(this.params.maxMessageBytes, 'line', {
        message: (text) => this.received(text),
        oversize: (info) => this.oversize(info),
      })
      let spawned = false
      child.once('spawn', () => {
        spawned = true
        resolve()
      })
      child.once('error', (error) => {
        reject(error)
        this.onerror?.(error)
      })
      child.stdout.on('data', (chunk: Buffer) => framing.push(chunk))
      child.stdout.once('end', () => framing.end())
      child.stderr.on('data', (chunk: Buffer) => this.readStderr(chunk))
      // A server that exits while the app writes to it: the write fails, the exit tells why.
      child.stdin.on('error', () => undefined)
      child.once('close', (code, signal) => {
        this.child = null
        // A command that could not start has no exit to tell: its error says why.
        if (spawned) this.events.exited({ code, signal })
        this.onclose?.()
      })
    })
  }

  send(message: JSONRPCMessage): Promise<void> {
    const child = this.child
    if (!child || this.closing) return Promise.reject(new Error('The server is not running.'))
    const text = JSON.stringify(message)
    return new Promise((resolve) => {
      if (child.stdin.write(text + '\n')) resolve()
      else child.stdin.once('drain', resolve)
    })
  }

  async close(): Promise<void> {
    const child = this.child
    if (!child || this.closing) return
    this.closing = true
    const closed = new Promise<void>((resolve) => child.once('close', () => resolve()))
    const within = (ms: number) =>
      Promise.race([
        closed.then(() => true),
        new Promise<boolean>((r) => setTimeout(() => r(false), ms).unref()),
      ])
    child.stdin.end()
    if (await within(500)) return
    this.signal(child, 'SIGTERM')
    if (await within(2000)) return
    this.signal(child, 'SIGKILL')
    await within(1000)
  }

  private signal(child: ChildProcessWithoutNullStreams, signal: NodeJS.Signals): void {
    try {
      if (process.platform !== 'win32' && child.pid) process.kill(-child.pid, signal)
      else child.kill(signal)
    } catch {
      child.kill(signal)
    }
  }

  private received(text: string): void {
    const read = readMessage(text, this.events)
    if (read) this.onmessage?.(read)
  }

  private oversize(info: Oversize): void {
    const id = oversizeId(info)
    this.events.note(
      `A message of ${mb(info.bytes)} was dropped: it is over this server's limit of ${mb(this.params.maxMessageBytes)}` +
        (id === null ? '.' : ` (the answer to request ${id}, which fails).`),
    )
    if (id !== null) this.onmessage?.(limitError(id, info.bytes, this.params.maxMessageBytes))
  }

  private readStderr(chunk: Buffer): void {
    const now = Date.now()
    const w = this.stderrWindow
    if (now - w.start >= 1000) {
      w.start = now
      w.bytes = 0
    }
    w.bytes += chunk.length
    this.events.stderr(chunk.toString('utf8'))
    const stderr = this.child?.stderr
    if (w.bytes > STDERR_BYTES_PER_SECOND && stderr && !stderr.isPaused()) {
      stderr.pause()
      const wait = Math.max(1, 1000 - (now - w.start))
      setTimeout(() => {
        if (this.child?.stderr === stderr) stderr.resume()
      }, wait).unref()
      this.events.throttled()
    }
  }
}
