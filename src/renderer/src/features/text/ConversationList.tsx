// The Text panel's conversations: the header names the one shown and opens the list, a drawer over the panel's
// left side where each conversation is opened, renamed, duplicated or deleted (with Undo), and the list is
// searched by name and text (ConversationDrawer.tsx). Main keeps them all (stores/text/conversationList.ts).
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import {
  newConversation,
  refreshConversations,
  shownTitle,
  useConversationList,
  useTextStore,
} from '../../stores/text'

/** The list itself is fetched when it is first opened (it stays out of the first load). */
const ConversationDrawer = lazy(() =>
  import('./ConversationDrawer').then((m) => ({ default: m.ConversationDrawer })),
)

/** The title of the conversation shown and the buttons that open the list and start a new conversation. */
export function ConversationHeader() {
  const [open, setOpen] = useState(false)
  const title = useConversationList(shownTitle)
  const turns = useTextStore((s) => s.messages)
  // The title follows the first message until the user names the conversation (a moment after a change).
  useEffect(() => {
    const timer = setTimeout(() => void refreshConversations(), 150)
    return () => clearTimeout(timer)
  }, [turns])
  const button = useRef<HTMLButtonElement>(null)
  return (
    <>
      {title && (
        <span className="conversation-title" data-testid="conversation-title" title={title}>
          {title}
        </span>
      )}
      <button
        ref={button}
        className="ghost"
        aria-expanded={open}
        aria-controls="conversation-drawer"
        onClick={() => setOpen(!open)}
      >
        Conversations
      </button>
      <button
        className="ghost"
        onClick={() =>
          void newConversation().then((opened) => {
            // The new (or the already empty) conversation is ready to write in.
            if (opened)
              document
                .querySelector<HTMLTextAreaElement>('#panel-text textarea[aria-label="Message"]')
                ?.focus()
          })
        }
        title="Start a new, empty conversation"
      >
        New conversation
      </button>
      {open && (
        <Suspense fallback={null}>
          <ConversationDrawer
            onClose={() => {
              setOpen(false)
              button.current?.focus()
            }}
          />
        </Suspense>
      )}
    </>
  )
}
