// Carries the contract over Electron IPC: one invoke channel in, one event channel out. Calls are accepted
// only from the main frame of an app window (a subframe or a foreign origin gets FORBIDDEN_SENDER), and
// events go only to the web contents that asked, and never after it is destroyed.
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron'
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL, type EventMap } from '../../shared/ipc/define'
import { ErrorCode, fail } from '../../shared/ipc/result'
import type { Router } from '../ipc/router'
import type { EventSink } from '../services/ports'
import { isAppUrl } from './window'

export function isTrustedSender(
  event: Pick<IpcMainInvokeEvent, 'senderFrame'>,
  devServerUrl: string | undefined,
): boolean {
  const frame = event.senderFrame
  if (!frame || frame.parent !== null) return false
  return isAppUrl(frame.url, devServerUrl)
}

export function sinkFor<E extends EventMap>(contents: WebContents): EventSink<E> {
  return {
    get alive() {
      return !contents.isDestroyed()
    },
    emit(name, payload) {
      // A window closing mid-stream must not raise "Object has been destroyed" (R5).
      if (!contents.isDestroyed()) contents.send(IPC_EVENT_CHANNEL, name, payload)
    },
  }
}

export function registerIpc<E extends EventMap>(
  router: Router<E>,
  devServerUrl: string | undefined,
): () => void {
  ipcMain.handle(IPC_INVOKE_CHANNEL, (event, route: unknown, payload: unknown) => {
    if (!isTrustedSender(event, devServerUrl)) {
      return fail(ErrorCode.FORBIDDEN_SENDER, 'IPC calls are accepted only from the app window.')
    }
    return router.handle(route, payload, {
      senderId: String(event.sender.id),
      events: sinkFor<E>(event.sender),
    })
  })
  return () => ipcMain.removeHandler(IPC_INVOKE_CHANNEL)
}
