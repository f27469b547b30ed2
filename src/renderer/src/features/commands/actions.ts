// What the shortcuts and the command palette do: each action opens the panel it works in and answers, in words,
// why it could not be done (null when it was). The shortcuts and the palette share these, so a shortcut and its
// palette entry never differ.
import { openPanelTab, useAppStore, type PanelId } from '../../stores/app'
import {
  clearConversationWithUndo,
  conversationError,
  currentRun,
  newConversation,
  openConversation,
  showImportRequest,
  useTextStore,
} from '../../stores/text'
import type { PanelName, ShortcutId } from './shortcuts'
import { announceRefusal } from './refusal'

/**
 * Calls `act` with the element `selector` names once the panel shows it and no modal dialog covers it (the
 * palette closing, a question being answered), within about five seconds (a panel's chunk may still be on its
 * way); else it gives up.
 */
function whenShown<E extends HTMLElement>(selector: string, act: (el: E) => void): void {
  const until = performance.now() + 5000
  const look = () => {
    const el = document.querySelector<E>(selector)
    if (el && !document.querySelector('dialog[open]')) act(el)
    else if (performance.now() < until) requestAnimationFrame(look)
  }
  requestAnimationFrame(look)
}

const MESSAGE_BOX = '#panel-text textarea[aria-label="Message"]'

function goToPanel(panel: PanelId): void {
  useAppStore.getState().setPanel(panel)
}

/**
 * Opens a panel from the keyboard or the palette with the focus in it, so the next Tab goes on from there: Text's
 * message box, any other panel's heading (unless the user has put the focus in the panel meanwhile).
 */
export function openPanel(panel: PanelId): void {
  if (panel === 'text') return focusMessageBox()
  goToPanel(panel)
  const heading = `#panel-${panel} :is(h1, h2)`
  whenShown<HTMLElement>(heading, (el) => {
    if (el.closest('[role="tabpanel"]')?.contains(document.activeElement)) return
    if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1')
    el.focus()
  })
}

/** Opens Text and puts the caret at the end of the message box. */
export function focusMessageBox(): void {
  goToPanel('text')
  whenShown<HTMLTextAreaElement>(MESSAGE_BOX, (box) => {
    box.focus()
    box.setSelectionRange(box.value.length, box.value.length)
  })
}

/** Opens the Text panel's Inspector (the last request's wire) with the focus on its tab. */
export function openInspector(): void {
  goToPanel('text')
  openPanelTab('text.request', 'inspector')
  whenShown<HTMLElement>('#panel-text .request-column [role="tab"][aria-selected="true"]', (tab) => tab.focus())
}

function running(): boolean {
  return currentRun(useTextStore.getState())?.status === 'running'
}

export async function startNewConversation(): Promise<string | null> {
  goToPanel('text')
  if (!(await newConversation())) return conversationError() ?? 'The new conversation could not be started.'
  focusMessageBox()
  return null
}

/** Opens Text with the Import request dialog: a curl command or an SDK call pasted there opens in Text. */
export function importRequest(): void {
  goToPanel('text')
  showImportRequest(true)
}

export async function openConversationById(id: string): Promise<string | null> {
  goToPanel('text')
  if (!(await openConversation(id))) return conversationError() ?? 'That conversation could not be opened.'
  focusMessageBox()
  return null
}

export async function sendMessage(): Promise<string | null> {
  goToPanel('text')
  if (running()) return 'An answer is streaming: stop it or let it end first.'
  if (!useTextStore.getState().composer.trim() && useTextStore.getState().messages.length === 0)
    return 'Nothing to send: write a message first.'
  await useTextStore.getState().send()
  return null
}

export async function stopAnswer(): Promise<string | null> {
  if (!running()) return 'No answer is streaming in Text.'
  await useTextStore.getState().stop()
  return null
}

export async function clearConversation(): Promise<string | null> {
  goToPanel('text')
  if (running()) return 'An answer is streaming: stop it or let it end first.'
  await clearConversationWithUndo()
  return null
}

export async function openTextInCompare(): Promise<string | null> {
  const { openInCompare } = await import('../../stores/handoffs')
  await openInCompare()
  return null
}

/** Does what a shortcut other than the palette and the help sheet asks (`panels`: the sidebar's, in order). */
export function runShortcut(hit: { id: ShortcutId; index?: number }, panels: PanelName[]): void {
  switch (hit.id) {
    case 'focusMessage':
      return focusMessageBox()
    case 'inspector':
      return openInspector()
    case 'newConversation':
      return void startNewConversation().then(announceRefusal)
    case 'settings':
      return openPanel('settings')
    case 'panel': {
      const panel = panels[hit.index ?? -1]
      if (panel) openPanel(panel.id)
      return
    }
    default:
      return
  }
}
