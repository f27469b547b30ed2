// Ports the video service needs from its host: desktop notifications and a save dialog. Electron adapters live
// in src/main/platform; browser mode has no save dialog (the page downloads) and notifies through the page.

export interface JobNotification {
  jobId: string
  title: string
  body: string
}

/** Tells the person that a job finished while they were looking elsewhere. */
export interface Notifier {
  notify(notification: JobNotification): void
}

export interface SaveDialog {
  /**
   * Asks where to save a copy of `sourcePath` (suggesting `defaultName`) and copies it there.
   * Resolves with the chosen path, or null when the person cancelled.
   */
  saveCopy(sourcePath: string, defaultName: string): Promise<string | null>
}
