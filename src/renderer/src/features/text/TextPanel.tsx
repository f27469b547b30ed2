// The Text panel: pick a wire format, a model and a profile; compose; send (Ctrl/Cmd+Enter) and stop (Esc, in any
// state); watch the answer stream beside the exact request and everything that went over the wire. A refused
// Send names the fields at fault and offers "Send anyway" when the gateway can judge the request itself.
import { whenStarted } from '../../stores/app'
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { type WireFormat } from '../../../../shared/wire'
import { isKnownTextModel, modelForFormat } from '../../../../shared/catalog/textModels'
import { ModelPicker } from '../../widgets/modelPicker/ModelPicker'
import { ModelNote } from '../../widgets/modelPicker/ModelNote'
import { sumCosts, sumText } from '../../../../shared/cost/money'
import {
  clearConversationWithUndo,
  currentRun,
  subscribeLiveExchange,
  usePastedNotice,
  useTextStore,
} from '../../stores/text'
import { loadDraftValidation } from '../../stores/form'
import { useProfilesStore } from '../../stores/profiles'
import { Conversation } from './Conversation'
import { ParametersForm } from './ParametersForm'
import { AttachButton, useAttach } from '../../components/attachments/Attachments'
import { AttachmentChips, TEXT_ATTACH_TARGET } from './textAttachments'
import { AttachUrl } from './AttachUrl'
import { RequestView } from './RequestView'
import { TextVariables } from './TextVariables'
import { ConversationHeader } from './ConversationList'
import { looksLikeRequest } from '../../../../shared/wire/pastedShape'
import { RunAnnouncer, runAnnouncement } from '../../components/announce/RunAnnouncer'
import './text.css'
import { FormatOptions, ProfileOptions } from '../../components/selectOptions/SelectOptions'

/** The notes on inputs the format cannot carry, with the lossiness rules: fetched right after the first paint. */
// The size of the next request and Count tokens: a chunk of their own, fetched as the panel first renders, so the
// first load stays the composer's.
const ContextMeter = lazy(() => import('./ContextMeter').then((m) => ({ default: m.ContextMeter })))
const TokenCount = lazy(() => import('./ContextMeter').then((m) => ({ default: m.TokenCount })))
const InputLossNotes = lazy(() => import('./InputLossNotes').then((m) => ({ default: m.InputLossNotes })))
/** Runs a kill or a closed window cut off, said once at start: a chunk fetched as the panel first renders. */
const InterruptedRunsNotice = lazy(() =>
  import('./InterruptedRunsNotice').then((m) => ({ default: m.InterruptedRunsNotice })),
)
/** What a pasted request became: fetched with the first paste (it and the dialog share the notice's view). */
const PastedNotice = lazy(() => import('./PastedNotice').then((m) => ({ default: m.PastedNotice })))
/** Import request… (the command palette's): fetched when it is asked for. */
const ImportRequest = lazy(() => import('./ImportRequest').then((m) => ({ default: m.ImportRequest })))

/** The Compare store (and its draft model) is fetched when the user asks to compare, not with the Text panel. */
const openInCompare = () => void import('../../stores/handoffs').then((m) => m.openInCompare())

export function TextPanel() {
  // Only what the toolbar shows: run events must not re-render the whole panel (P2).
  const s = useTextStore(
    useShallow((x) => ({
      format: x.format,
      model: x.model,
      profileId: x.profileId,
      stream: x.stream,
      issues: x.issues,
      system: x.system,
      set: x.set,
    })),
  )
  const profiles = useProfilesStore((p) => p.profiles)
  const activeId = useProfilesStore((p) => p.activeId)
  const [showParams, setShowParams] = useState(true)

  useEffect(() => {
    subscribeLiveExchange()
  }, [])
  // The checks Send runs are fetched once the page is idle, so the first Send does not wait for them.
  useEffect(() => {
    whenStarted(() => void loadDraftValidation().catch(() => undefined))
  }, [])

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Shift+Esc goes to the message box; an open dialog (a question, the palette) takes its own Esc.
      if (e.key !== 'Escape' || e.shiftKey || document.querySelector('dialog[open]')) return
      if (currentRun(useTextStore.getState())?.status === 'running') {
        e.preventDefault()
        void useTextStore.getState().stop()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  return (
    <section className="panel text-panel" aria-labelledby="text-title">
      <TextRunAnnouncer />
      <header className="panel-header">
        <h1 id="text-title">Text</h1>
        <ConversationHeader />
        <ConversationCost />
      </header>
      <div className="toolbar" role="toolbar" aria-label="Request settings">
        <label>
          <span className="muted small">Format</span>
          <select
            aria-label="Wire format"
            value={s.format}
            onChange={(e) => {
              const format = e.target.value as WireFormat
              s.set({ format, rawBody: null, model: modelForFormat(useTextStore.getState().model, format) })
            }}
          >
            <FormatOptions />
          </select>
        </label>
        <div className="model-field">
          <span className="muted small">Model</span>
          <ModelPicker
            ariaLabel="Model"
            kind="text"
            value={s.model}
            profileId={s.profileId ?? activeId}
            onChange={(model) => s.set({ model })}
          />
        </div>
        <label>
          <span className="muted small">Profile</span>
          <select
            aria-label="Profile"
            value={s.profileId ?? activeId ?? ''}
            onChange={(e) => {
              // The panel's profile is the app's active one, so the header names the profile really used.
              s.set({ profileId: null })
              void useProfilesStore.getState().setActive(e.target.value)
            }}
          >
            <ProfileOptions profiles={profiles} />
          </select>
        </label>
        <label className="check">
          <input type="checkbox" checked={s.stream} onChange={(e) => s.set({ stream: e.target.checked })} />{' '}
          Stream
        </label>
        <button className="ghost" aria-expanded={showParams} onClick={() => setShowParams(!showParams)}>
          {showParams ? 'Hide parameters' : 'Parameters'}
        </button>
        <Suspense fallback={null}>
          <TokenCount />
        </Suspense>
        <button
          className="ghost"
          onClick={() => void openInCompare()}
          title="Compare this conversation across formats"
        >
          Open in Compare
        </button>
      </div>
      <div className="model-note-line">
        <ModelNote
          profileId={s.profileId ?? activeId}
          model={s.model}
          kind="text"
          known={isKnownTextModel(s.model)}
          facts={false}
        />
      </div>
      <Suspense fallback={null}>
        <InterruptedRunsNotice />
      </Suspense>
      {s.issues.length > 0 && (
        <div className="issues error-banner" role="alert" aria-label="Cannot send">
          <ul>
            {s.issues.map((i, n) => (
              <li key={n}>{i.message}</li>
            ))}
          </ul>
          {s.issues.every((i) => i.forceable) && (
            <p className="small">
              <button className="ghost" onClick={() => void useTextStore.getState().send({ force: true })}>
                Send anyway
              </button>{' '}
              sends the request as it is, so the gateway answers with its own error.
            </p>
          )}
        </div>
      )}
      <div className={`text-layout${showParams ? ' with-params' : ''}`}>
        <div className="chat-column">
          <label className="system-prompt">
            <span className="muted small">System prompt</span>
            <textarea
              rows={1}
              value={s.system}
              onChange={(e) => s.set({ system: e.target.value })}
              placeholder="Optional instructions for the model"
            />
          </label>
          <TextVariables />
          <Conversation />
          <Composer />
        </div>
        {showParams && (
          <aside className="params-column" aria-label="Parameters">
            <ParametersForm />
          </aside>
        )}
        <div className="request-column">
          <RequestView />
        </div>
      </div>
    </section>
  )
}

/** The Text panel's run, announced at its start and end only (the selector's string stays put while tokens stream). */
function TextRunAnnouncer() {
  const message = useTextStore((x) => {
    const run = currentRun(x)
    // A run shown again after a reload ended before it: it is on the page, not news.
    return run?.restored ? '' : runAnnouncement(run, run ? `Run on ${run.model}` : '')
  })
  return <RunAnnouncer label="Run status" message={message} />
}

/** Whether the message box may still take the focus the app opens with (once, on the first screen). */
let focusAtStart = true

/** The composer alone follows whether a run is going: a run starting or ending does not re-render the panel. */
function Composer() {
  const running = useTextStore((x) => currentRun(x)?.status === 'running')
  const composer = useTextStore((s) => s.composer)
  const { set, send, stop } = useTextStore.getState()
  const ref = useRef<HTMLTextAreaElement>(null)
  // The app opens ready to type: on the first screen the message box takes the focus, unless something else has
  // it (before the first paint, so no keystroke lands between). Opening the Text panel later leaves the focus
  // where the user put it.
  useLayoutEffect(() => {
    if (!focusAtStart) return
    focusAtStart = false
    const active = document.activeElement
    const box = ref.current
    if (box && (!active || active === document.body)) {
      box.focus({ preventScroll: true })
      // A half-typed message brought back goes on where it stopped.
      box.setSelectionRange(box.value.length, box.value.length)
    }
  }, [])
  const { attach, addUrl, busy } = useAttach(TEXT_ATTACH_TARGET)
  const error = useTextStore((s) => s.attachError)
  const importing = usePastedNotice((s) => s.importing)
  const pasted = usePastedNotice((s) => s.notice !== null)
  const [dragging, setDragging] = useState(false)
  return (
    <div
      className={`composer${dragging ? ' dragging' : ''}`}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes('Files')) {
          e.preventDefault()
          setDragging(true)
        }
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault()
        setDragging(false)
        if (e.dataTransfer.files.length) void attach(e.dataTransfer.files)
      }}
    >
      {pasted && (
        <Suspense fallback={null}>
          <PastedNotice />
        </Suspense>
      )}
      {importing && (
        <Suspense fallback={null}>
          <ImportRequest onClosed={() => ref.current?.focus()} />
        </Suspense>
      )}
      <AttachmentChips />
      <Suspense fallback={null}>
        <InputLossNotes />
      </Suspense>
      <textarea
        ref={ref}
        aria-label="Message"
        rows={3}
        value={composer}
        placeholder="Message (Ctrl+Enter to send, Esc to stop)"
        onChange={(e) => set({ composer: e.target.value })}
        onPaste={(e) => {
          // A pasted request becomes the form, never the draft (so a key in it is never kept).
          const pasted = e.clipboardData.getData('text/plain')
          if (!looksLikeRequest(pasted)) return
          e.preventDefault()
          void import('../../stores/handoffs').then((m) => m.importPastedRequest(pasted))
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault()
            void send()
          }
        }}
      />
      {busy && (
        <span className="muted small" role="status">
          {busy}
        </span>
      )}
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
      <div className="actions">
        <AttachButton busy={busy} onFiles={(files) => void attach(files)} />
        <AttachUrl
          disabled={!!busy}
          onAdd={addUrl}
          onError={(attachError) => useTextStore.setState({ attachError })}
        />
        {running ? (
          <button className="danger" onClick={() => void stop()}>
            Stop
          </button>
        ) : (
          <button className="primary" onClick={() => void send()}>
            Send
          </button>
        )}
        <button
          className="ghost"
          disabled={running}
          onClick={() => useTextStore.getState().addTurn('user')}
          title="Add as a user turn without sending"
        >
          + User turn
        </button>
        <button
          className="ghost"
          disabled={running}
          onClick={() => useTextStore.getState().addTurn('assistant')}
          title="Add as an assistant turn without sending"
        >
          + Assistant turn
        </button>
        <button className="ghost" disabled={running} onClick={() => void clearConversationWithUndo()}>
          Clear conversation
        </button>
        <Suspense fallback={null}>
          <ContextMeter />
        </Suspense>
      </div>
    </div>
  )
}

/** What the answers of this conversation cost, summed per currency from each answer's cost as main priced it. */
function ConversationCost() {
  const messages = useTextStore((x) => x.messages)
  const sum = sumCosts(messages.map((m) => m.cost))
  if (sum.priced === 0) return null
  return (
    <span
      className="muted small"
      data-testid="conversation-cost"
      title="The cost of the answers in this conversation, from the usage each reported"
    >
      This conversation: {sumText(sum)} for {sum.priced} answer{sum.priced === 1 ? '' : 's'}
    </span>
  )
}
