// The saved workspace: one JSON text per panel in `workspace.json` in the data folder. Writes are debounced
// (quick changes coalesce into one write) and atomic (temp file + rename), so a crash leaves the last whole
// file; close() writes what is pending. A damaged file is set aside and the app starts with empty panels.
import { promises as fs } from 'node:fs'
import { join } from 'node:path'
import { DebouncedWrite } from '../debouncedWrite'
import { readDataFile } from '../dataFile'
import { parseJsonBounded } from '../../../shared/jsonDepth'
import { MAX_WORKSPACE_STATE, WORKSPACE_PANELS, type WorkspacePanel } from '../../../shared/ipc/workspace'

/**
 * The largest `workspace.json` read back: every panel's state at its bound, each character JSON-escaped (up to
 * 6) and 3 bytes in UTF-8 at worst, far above what the app writes (about 1 MB at most).
 */
const MAX_WORKSPACE_FILE_BYTES = WORKSPACE_PANELS.length * MAX_WORKSPACE_STATE * 6 * 3

export interface WorkspaceStoreOptions {
  /** How long a change waits for the next one before the file is written, ms. */
  debounceMs?: number
  log?: (message: string) => void
}

export class WorkspaceStore {
  private readonly path: string
  private readonly dataDir: string
  private panels = new Map<WorkspacePanel, string>()
  private loaded: Promise<void> | null = null
  private readonly writer: DebouncedWrite

  constructor(
    dataDir: string,
    private readonly options: WorkspaceStoreOptions = {},
  ) {
    this.dataDir = dataDir
    this.path = join(dataDir, 'workspace.json')
    this.writer = new DebouncedWrite(this.path, {
      debounceMs: options.debounceMs,
      what: 'the workspace',
      log: options.log,
    })
  }

  async get(panel: WorkspacePanel): Promise<string | null> {
    await this.load()
    return this.panels.get(panel) ?? null
  }

  async put(panel: WorkspacePanel, state: string): Promise<void> {
    await this.load()
    this.panels.set(panel, state)
    this.writer.schedule(() => JSON.stringify({ version: 1, panels: Object.fromEntries(this.panels) }))
  }

  /** Writes pending changes now (close, tests); resolves once the file holds them. */
  flush(): Promise<void> {
    return this.writer.flush()
  }

  private load(): Promise<void> {
    this.loaded ??= this.read()
    return this.loaded
  }

  private async read(): Promise<void> {
    let text: string
    try {
      const read = await readDataFile(this.dataDir, this.path, MAX_WORKSPACE_FILE_BYTES)
      if (!read.ok) {
        if (read.reason !== 'missing') this.options.log?.(`the saved workspace: ${read.message}`)
        return
      }
      text = read.text
    } catch {
      return
    }
    try {
      const file = parseJsonBounded(text) as { panels?: Record<string, unknown> }
      for (const panel of WORKSPACE_PANELS) {
        const state = file.panels?.[panel]
        if (typeof state === 'string' && state.length <= MAX_WORKSPACE_STATE) this.panels.set(panel, state)
      }
    } catch {
      // Kept for inspection rather than overwritten silently by the next save.
      await fs.rename(this.path, `${this.path}.damaged`).catch(() => undefined)
      this.options.log?.('the saved workspace could not be read; it was set aside as workspace.json.damaged')
    }
  }
}
