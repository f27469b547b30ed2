// The floor of `npm run bench -- peers`: the same run events over the same client, WebSocket transport and main's
// coalescing as the chat pages, with no renderer and no React on the way. By default (`?floor=none`) it only
// receives: the text is kept in a string and shown once when the run ends. With `?floor=append` each message's
// text is appended to one text node per run. With `?floor=draw` it shows the text the least a chat view can while
// it streams: plain text, a paragraph per blank line, drawn at the app's pace (STREAM_DRAW_MS) and followed to its
// end. Nothing here parses or lays out markdown.
import { client } from '../../../src/renderer/src/ipc/client'
import { STREAM_DRAW_MS } from '../../../src/renderer/src/stores/runs/streamPace'
import type { RunRequest } from '../../../src/shared/ipc/text'
import type {} from './api'
import './page.css'

const root = document.getElementById('root')!
const main = document.createElement('main')
main.className = 'columns'
root.append(main)

const params = new URLSearchParams(location.search)
const mode = params.get('floor')
/** How often draw mode draws (`&drawMs=`; the app's pace unless given). */
const drawMs = Number(params.get('drawMs')) || STREAM_DRAW_MS
const receiveOnly = mode !== 'append' && mode !== 'draw'

/** The text node each run's answer is appended to, by run id, and the text held back when only receiving. */
const answers = new Map<string, Text>()
const held = new Map<string, string>()
/** The element each run's answer is drawn into (draw mode adds a paragraph to it per blank line). */
const answerBoxes = new Map<string, HTMLElement>()

client.on('text.runEvents', ({ runId, events }) => {
  const node = answers.get(runId)
  if (!node) return
  let delta = ''
  for (const e of events) if (e.type === 'text') delta += e.delta
  if (!delta) return
  if (receiveOnly) held.set(runId, (held.get(runId) ?? '') + delta)
  else if (mode === 'draw') queueDraw(runId, delta)
  else node.appendData(delta)
})
client.on('text.runEnded', ({ runId }) => {
  if (mode === 'draw') return void drawNow()
  const text = held.get(runId)
  if (text !== undefined) answers.get(runId)?.appendData(text)
  held.delete(runId)
})

/** Text received and not yet drawn, by run id (draw mode). */
const pending = new Map<string, string>()
let drawTimer: ReturnType<typeof setTimeout> | null = null
/** When the last draw was (draw mode). */
let lastDrawAt = -Infinity

/**
 * The app's pace (`createStreamFolds`): text is drawn once `drawMs` have passed since the last draw, at once if
 * they have. A timer armed `drawMs` after the first text that follows a draw would draw less often than the app
 * (every `drawMs` plus the wait for that text: about 17 times a second where the app draws 20).
 */
function queueDraw(runId: string, delta: string): void {
  pending.set(runId, (pending.get(runId) ?? '') + delta)
  drawTimer ??= setTimeout(drawNow, Math.max(0, lastDrawAt + drawMs - performance.now()))
}

/** Appends what is pending to each run's last paragraph (a new one after each blank line), then follows the end. */
function drawNow(): void {
  if (drawTimer) clearTimeout(drawTimer)
  drawTimer = null
  lastDrawAt = performance.now()
  for (const [runId, text] of pending) {
    let node = answers.get(runId)
    if (!node) continue
    const parts = text.split('\n\n')
    node.appendData(parts[0]!)
    for (const part of parts.slice(1)) {
      const paragraph = document.createElement('div')
      paragraph.style.whiteSpace = 'pre-wrap'
      paragraph.style.marginTop = '0.75em'
      node = document.createTextNode(part)
      paragraph.append(node)
      answerBoxes.get(runId)!.append(paragraph)
    }
    answers.set(runId, node)
    const col = answerBoxes.get(runId)!.parentElement!
    col.scrollTop = col.scrollHeight
  }
  pending.clear()
}

function column(prompt: string): Text {
  const col = document.createElement('div')
  col.className = 'column'
  const user = document.createElement('div')
  user.className = 'turn user'
  user.textContent = prompt
  const assistant = document.createElement('div')
  assistant.className = 'turn assistant'
  // pre-wrap keeps the answer's lines; the column does not scroll to follow it (no layout read per message).
  assistant.style.whiteSpace = 'pre-wrap'
  const text = document.createTextNode('')
  assistant.append(text)
  col.append(user, assistant)
  main.append(col)
  return text
}

window.streamPage = {
  async start(requests: RunRequest[]) {
    const ids: string[] = []
    for (const request of requests) {
      const { runId } = await client.invoke('text.startRun', request)
      const prompt = request.draft.messages.at(-1)?.parts.find((p) => p.type === 'text')
      const text = column(prompt?.type === 'text' ? prompt.text : '')
      answers.set(runId, text)
      answerBoxes.set(runId, text.parentElement!)
      ids.push(runId)
    }
    return ids
  },
}
