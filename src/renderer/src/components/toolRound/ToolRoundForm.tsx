// One round of a model's tool calls, answered by the user: each call typed by hand, run on the tool server that
// offers it (once, or always for that tool: it then runs without asking), answered with its canned result (the
// tool does not run; its server need not be connected), or denied with a message the model reads as the tool's
// error. When every call was answered without asking, the results go back at once, up to AUTO_ROUNDS rounds in a
// row; then the user sends. Stop (or Esc) cancels the calls still running on their servers; the round then says it
// stopped and waits for Send. A view: the servers and the calls come in, the server actions and the send go out
// through props (Text and Compare wire them to their stores).
import { useEffect, useRef, useState } from 'react'
import type { ToolCall, ToolResultInput } from '../../../../shared/wire'
import {
  AUTO_ROUNDS,
  connectedWith,
  hasCanned,
  roundMode,
  serverOfTool,
  type RoundServers,
  type ToolRoundActions,
} from '../../../../shared/tools/toolRound'
import './toolRound.css'

interface Answer {
  content: string
  isError?: boolean
  /** How the result came: typed, run on a server (with its time), canned, stopped while it ran, or denied. */
  how: 'typed' | 'running' | 'ran' | 'canned' | 'stopped' | 'denied'
  note?: string
}

export interface ToolRoundFormProps {
  calls: ToolCall[]
  servers: RoundServers
  actions: ToolRoundActions
  /** Rounds sent in a row without the user before this one (the form sends by itself below AUTO_ROUNDS). */
  autoRounds: number
  /** The results in the calls' order; `notes` says how each came ("ran on X in 12 ms", "denied: …"). */
  onSubmit(results: ToolResultInput[], automatic: boolean, notes: (string | undefined)[]): void
  /** The form's accessible name (several rounds can show at once). */
  label?: string
}

export function ToolRoundForm({
  calls,
  servers,
  actions,
  autoRounds,
  onSubmit,
  label = 'Tool results',
}: ToolRoundFormProps) {
  const [answers, setAnswers] = useState<Answer[]>(() => calls.map(() => ({ content: '', how: 'typed' })))
  // Calls sent with nothing in their result box: an empty box is never sent as if the tool had answered.
  const [empty, setEmpty] = useState<number[]>([])
  const boxes = useRef<(HTMLTextAreaElement | null)[]>([])
  const [denyText, setDenyText] = useState<string[]>(() => calls.map(() => ''))
  const started = useRef(new Set<number>())
  const sent = useRef(false)

  const serverOf = (name: string) => serverOfTool(servers, name)
  const setAnswer = (i: number, a: Answer) => setAnswers((list) => list.map((x, j) => (j === i ? a : x)))
  const submit = (list: Answer[], automatic: boolean) => {
    if (sent.current) return
    const blank = calls.flatMap((_, i) => (list[i]?.how === 'typed' && !list[i]?.content.trim() ? [i] : []))
    setEmpty(blank)
    if (blank.length) return boxes.current[blank[0]!]?.focus()
    sent.current = true
    onSubmit(
      calls.map((c, i) => ({
        callId: c.id,
        name: c.name,
        content: list[i]?.content ?? '',
        ...(list[i]?.isError ? { isError: true } : {}),
        origin: list[i]?.how === 'running' ? 'typed' : (list[i]?.how ?? 'typed'),
      })),
      automatic,
      calls.map((_, i) => list[i]?.note),
    )
  }

  /** Answers a call with its tool's canned result: nothing runs (the server need not be connected). */
  const answerWithCanned = async (i: number) => {
    const call = calls[i]
    const server = call ? serverOf(call.name) : null
    if (!call || !server || started.current.has(i)) return
    started.current.add(i)
    try {
      const o = await actions.answerCanned(server.id, call.name, call.id)
      setAnswer(i, {
        content: o.text,
        isError: o.isError,
        how: 'canned',
        note: `canned result of ${call.name} (${server.name}): the tool did not run${o.isError ? ' · sent as its error' : ''}`,
      })
    } catch (e) {
      started.current.delete(i)
      setAnswer(i, {
        content: answers[i]?.content ?? '',
        how: 'typed',
        note: `No canned result: ${e instanceof Error ? e.message : String(e)}`,
        isError: true,
      })
    }
  }

  const run = async (i: number) => {
    const call = calls[i]
    const server = call ? serverOf(call.name) : null
    if (!call || !server || !connectedWith(servers, server, call.name) || started.current.has(i)) return
    started.current.add(i)
    setAnswer(i, { content: '', how: 'running', note: `Running on ${server.name}…` })
    let args: Record<string, unknown> = {}
    try {
      const parsed: unknown = JSON.parse(call.arguments || '{}')
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        args = parsed as Record<string, unknown>
    } catch {
      started.current.delete(i)
      return setAnswer(i, {
        content: `The arguments are not JSON: ${call.arguments.slice(0, 200)}`,
        isError: true,
        how: 'denied',
        note: 'not run: the model sent arguments that are not JSON',
      })
    }
    try {
      // Tagged with the model's call id: Stop names the call by it, and its JSON-RPC messages are found by it.
      const o = await actions.call(server.id, call.name, args, call.id)
      if (o.failure === 'stopped')
        return setAnswer(i, {
          content: o.text,
          isError: true,
          how: 'stopped',
          note: `stopped after ${Math.round(o.ms)} ms: ${server.name} was told to cancel it; the model gets this as the tool's error`,
        })
      setAnswer(i, {
        content: o.text,
        isError: o.isError,
        how: 'ran',
        note: `ran on ${server.name} in ${Math.round(o.ms)} ms${o.isError ? (o.failure ? ` · failed (${o.failure})` : ' · the tool reported an error') : ''}`,
      })
    } catch (e) {
      setAnswer(i, {
        content: e instanceof Error ? e.message : String(e),
        isError: true,
        how: 'ran',
        note: 'the call failed',
      })
    }
  }

  // Calls to tools the user allowed always run at once; those answered with a canned result get it at once.
  useEffect(() => {
    calls.forEach((c, i) => {
      const mode = roundMode(servers, c.name)
      if (mode === 'run') void run(i)
      else if (mode === 'canned') void answerWithCanned(i)
    })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [servers.servers, servers.tools])

  // Every call ran without asking, none is still going: the round goes on by itself, within the bound.
  const allAuto =
    calls.length > 0 &&
    calls.every((c, i) => {
      const mode = roundMode(servers, c.name)
      const how = answers[i]?.how
      return (mode === 'run' && how === 'ran') || (mode === 'canned' && how === 'canned')
    })
  useEffect(() => {
    if (allAuto && autoRounds < AUTO_ROUNDS) submit(answers, true)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [allAuto])
  const running = answers.some((a) => a.how === 'running')
  const stopped = answers.filter((a) => a.how === 'stopped').length
  /** Stop: every call still running on a server is cancelled there (MCP notifications/cancelled). */
  const stop = () =>
    calls.forEach((c, i) => {
      const server = serverOf(c.name)
      if (server && answers[i]?.how === 'running') void actions.stopCall(server.id, c.id)
    })

  return (
    <form
      className="tool-results"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault()
        submit(answers, false)
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && running) {
          e.preventDefault()
          e.stopPropagation()
          stop()
        }
      }}
    >
      <h3>The model called {calls.length === 1 ? 'a tool' : `${calls.length} tools`}: answer to continue</h3>
      {allAuto && autoRounds >= AUTO_ROUNDS && (
        <p className="warn-banner" role="note">
          {AUTO_ROUNDS} rounds ran without asking in a row: press Send tool results to go on.
        </p>
      )}
      {calls.map((call, i) => {
        const server = serverOf(call.name)
        const a = answers[i]!
        return (
          <div className="tool-result" key={call.id} data-testid="tool-call">
            <label>
              <span>
                Result of <code>{call.name}</code> <span className="muted small">{call.id}</span>
                {server && <span className="muted small"> · a tool of {server.name}</span>}
              </span>
              <span className="muted small tool-call-args">Arguments: {call.arguments || '{}'}</span>
              <textarea
                ref={(el) => {
                  boxes.current[i] = el
                }}
                rows={4}
                value={a.content}
                placeholder={
                  server
                    ? `Run it, deny it, or type what ${call.name} returned`
                    : `What ${call.name} returned, e.g. {"ok": true}`
                }
                aria-invalid={empty.includes(i) && !a.content.trim()}
                spellCheck={false}
                readOnly={a.how === 'running'}
                onChange={(e) => setAnswer(i, { content: e.target.value, isError: a.isError, how: 'typed' })}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                    e.preventDefault()
                    e.stopPropagation()
                    submit(answers, false)
                  }
                }}
              />
            </label>
            {empty.includes(i) && a.how === 'typed' && !a.content.trim() && (
              <span className="small field-error" role="alert">
                No result for {call.name} yet: {server ? 'run it, deny it or type' : 'type'} what the tool
                returned before sending.
              </span>
            )}
            {a.note && (
              <span className={`small ${a.isError ? 'field-error' : 'muted'}`} role="status">
                {a.note}
              </span>
            )}
            {server && a.how === 'ran' && !hasCanned(server, call.name) && (
              <div className="actions">
                <button
                  type="button"
                  onClick={() =>
                    void actions
                      .putCanned(server.id, call.name, { text: a.content, isError: a.isError === true })
                      .then(
                        () =>
                          setAnswer(i, {
                            ...a,
                            note: `${a.note ?? ''} · saved as the canned result of ${call.name}`,
                          }),
                        (e: unknown) =>
                          setAnswer(i, {
                            ...a,
                            note: `Not saved: ${e instanceof Error ? e.message : String(e)}`,
                          }),
                      )
                  }
                >
                  Save as canned result
                </button>
              </div>
            )}
            {server && a.how === 'typed' && (
              <div className="actions">
                {connectedWith(servers, server, call.name) && (
                  <>
                    <button type="button" onClick={() => void run(i)}>
                      Run on {server.name}
                    </button>
                    <button
                      type="button"
                      onClick={() =>
                        void actions.setAlwaysAllow(server.id, call.name, true).then(() => run(i))
                      }
                    >
                      Always run {call.name}
                    </button>
                  </>
                )}
                {hasCanned(server, call.name) && (
                  <button type="button" onClick={() => void answerWithCanned(i)}>
                    Use canned result
                  </button>
                )}
                <input
                  aria-label={`Why deny ${call.name}`}
                  placeholder="why (optional)"
                  title="The model reads it as the tool's error"
                  value={denyText[i] ?? ''}
                  onChange={(e) => setDenyText(denyText.map((v, j) => (j === i ? e.target.value : v)))}
                />
                <button
                  type="button"
                  onClick={() =>
                    setAnswer(i, {
                      content: `The user denied this call${denyText[i]?.trim() ? `: ${denyText[i]!.trim()}` : '.'}`,
                      isError: true,
                      how: 'denied',
                      note: 'denied: sent as the tool’s error',
                    })
                  }
                >
                  Deny
                </button>
              </div>
            )}
          </div>
        )
      })}
      {stopped > 0 && !running && (
        <p className="warn-banner" role="status" data-testid="tool-round-stopped">
          Round stopped: {stopped === 1 ? 'a call was' : `${stopped} calls were`} cancelled on the server. The
          results say so; Send tool results to tell the model, or type results first.
        </p>
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={running}>
          Send tool results
        </button>
        {running && (
          <button type="button" className="danger" onClick={stop}>
            Stop running calls
          </button>
        )}
      </div>
    </form>
  )
}
