// The floor of `npm run bench -- peers`: the same run events over the same client, WebSocket transport and main's
// coalescing as the chat pages, with no renderer and no React on the way. By default (`?floor=none`) it only
// receives: the text is kept in a string and shown once when the run ends. With `?floor=append` each message's
// text is appended to one text node per run. Nothing here parses or lays out markdown.
import { client } from '../../../src/renderer/src/ipc/client'
import type { RunRequest } from '../../../src/shared/ipc/text'
import type {} from './api'
import './page.css'

const root = document.getElementById('root')!
const main = document.createElement('main')
main.className = 'columns'
root.append(main)

const receiveOnly = new URLSearchParams(location.search).get('floor') !== 'append'

/** The text node each run's answer is appended to, by run id, and the text held back when only receiving. */
const answers = new Map<string, Text>()
const held = new Map<string, string>()

client.on('text.runEvents', ({ runId, events }) => {
  const node = answers.get(runId)
  if (!node) return
  let delta = ''
  for (const e of events) if (e.type === 'text') delta += e.delta
  if (!delta) return
  if (receiveOnly) held.set(runId, (held.get(runId) ?? '') + delta)
  else node.appendData(delta)
})
client.on('text.runEnded', ({ runId }) => {
  const text = held.get(runId)
  if (text !== undefined) answers.get(runId)?.appendData(text)
  held.delete(runId)
})

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
      answers.set(runId, column(prompt?.type === 'text' ? prompt.text : ''))
      ids.push(runId)
    }
    return ids
  },
}
