// The chat page shared by the two renderers compared in `npm run bench -- peers`: a React list of messages per
// column, fed by text.runEvents over the app's own client and transport (the browser-mode WebSocket, with main's
// coalescing). Each page passes only how one assistant message is rendered, so only the rendering differs.
import { memo, useLayoutEffect, useRef, useState, type ComponentType } from 'react'
import { createRoot } from 'react-dom/client'
import { client } from '../../../src/renderer/src/ipc/client'
import type { RunRequest } from '../../../src/shared/ipc/text'
import type {} from './api'
import './page.css'

export interface MessageRendererProps {
  text: string
  streaming: boolean
}

interface Message {
  id: string
  role: 'user' | 'assistant'
  text: string
  streaming: boolean
}

type Columns = Message[][]

function Column({
  messages,
  Renderer,
}: {
  messages: Message[]
  Renderer: ComponentType<MessageRendererProps>
}) {
  const scroller = useRef<HTMLDivElement>(null)
  // Follow the answer like a chat view does while it streams.
  useLayoutEffect(() => {
    const el = scroller.current
    if (el) el.scrollTop = el.scrollHeight
  })
  return (
    <div className="column" ref={scroller}>
      {messages.map((m) => (
        <div key={m.id} className={`turn ${m.role}`}>
          {m.role === 'user' ? <p>{m.text}</p> : <Renderer text={m.text} streaming={m.streaming} />}
        </div>
      ))}
    </div>
  )
}

function Page({ Renderer }: { Renderer: ComponentType<MessageRendererProps> }) {
  const [columns, setColumns] = useState<Columns>([])
  useLayoutEffect(() => {
    const update = (runId: string, change: (m: Message) => Message) =>
      setColumns((cols) =>
        cols.map((col) =>
          col.some((m) => m.id === runId) ? col.map((m) => (m.id === runId ? change(m) : m)) : col,
        ),
      )
    const offEvents = client.on('text.runEvents', ({ runId, events }) => {
      let delta = ''
      for (const e of events) if (e.type === 'text') delta += e.delta
      if (delta) update(runId, (m) => ({ ...m, text: m.text + delta }))
    })
    const offEnded = client.on('text.runEnded', ({ runId }) =>
      update(runId, (m) => ({ ...m, streaming: false })),
    )
    window.streamPage = {
      async start(requests: RunRequest[]) {
        const ids: string[] = []
        for (const request of requests) {
          const { runId } = await client.invoke('text.startRun', request)
          const prompt = request.draft.messages.at(-1)?.parts.find((p) => p.type === 'text')
          setColumns((cols) => [
            ...cols,
            [
              {
                id: `${runId}-user`,
                role: 'user',
                text: prompt?.type === 'text' ? prompt.text : '',
                streaming: false,
              },
              { id: runId, role: 'assistant', text: '', streaming: true },
            ],
          ])
          ids.push(runId)
        }
        return ids
      },
    }
    return () => {
      offEvents()
      offEnded()
    }
  }, [])
  return (
    <main className="columns">
      {columns.map((messages, i) => (
        <Column key={i} messages={messages} Renderer={Renderer} />
      ))}
    </main>
  )
}

export function mountStreamPage(Renderer: ComponentType<MessageRendererProps>): void {
  // Memoized like a chat client's message item: a message re-renders only when its own text changes.
  const Item = memo(Renderer)
  createRoot(document.getElementById('root')!).render(<Page Renderer={Item} />)
}
