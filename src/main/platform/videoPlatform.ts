// Electron adapters of the video service's ports: native notifications for jobs that finish while the Video
// panel is out of sight (a click brings the app forward), and "Save as…" through the OS save dialog, which
// copies the stored video so the media store keeps its own file.
import { BrowserWindow, Notification, dialog } from 'electron'
import { copyFile } from 'node:fs/promises'
import type { JobNotification, Notifier, SaveDialog } from '../services/video/ports'

export class ElectronNotifier implements Notifier {
  notify({ title, body }: JobNotification): void {
    if (!Notification.isSupported()) return
    const note = new Notification({ title, body })
    note.on('click', () => {
      const win = BrowserWindow.getAllWindows()[0]
      if (!win) return
      if (win.isMinimized()) win.restore()
      win.focus()
    })
    note.show()
  }
}

export class ElectronSaveDialog implements SaveDialog {
  async saveCopy(sourcePath: string, defaultName: string): Promise<string | null> {
    const options = {
      defaultPath: defaultName,
      filters: [{ name: 'Video', extensions: ['mp4'] }],
    }
    const parent = BrowserWindow.getFocusedWindow()
    const { canceled, filePath } = parent
      ? await dialog.showSaveDialog(parent, options)
      : await dialog.showSaveDialog(options)
    if (canceled || !filePath) return null
    await copyFile(sourcePath, filePath)
    return filePath
  }
}
