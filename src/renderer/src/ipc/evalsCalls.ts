// The evals domain for panels: a dataset file brought into main and read there, its rows paged, evals started and
// stopped and resumed, their cells and end as events, kept runs listed and reopened, a run exported. Components reach main through here or the evals store.
import type { CommandInput, EventPayload } from '../../../shared/ipc/define'
import type { Commands, Events } from '../../../shared/ipc/contract'
import { client } from './client'
import { importFile, type ImportableFile } from './importFile'

export const evalsCalls = {
  /** `onSent` hears how much of the file has reached main; main reads it once it is all there. */
  openDataset: async (file: ImportableFile, onSent?: (sent: number, size: number) => void) => {
    const { mediaId } = await importFile(client, file, onSent)
    return client.invoke('evals.openDataset', { mediaId, fileName: file.name })
  },
  /** A promptfoo config with the files it names, or an OpenAI Evals dataset with its eval, read in main. */
  importSuite: async (kind: 'promptfoo' | 'openai', files: readonly ImportableFile[]) => {
    const refs = []
    for (const file of files)
      refs.push({ mediaId: (await importFile(client, file)).mediaId, fileName: file.name })
    return client.invoke('evals.importSuite', { kind, files: refs })
  },
  /** A dataset main kept earlier (this session or, from its file, an earlier one). */
  reopenDataset: (datasetId: string) => client.invoke('evals.reopenDataset', { datasetId }),
  rows: (datasetId: string, offset: number, limit: number, query?: string) =>
    client.invoke('evals.rows', { datasetId, offset, limit, ...(query ? { query } : {}) }),
  /** One edit of the dataset main keeps (a cell, a row inserted, rows deleted); answers the row count. */
  editRows: (datasetId: string, edit: CommandInput<Commands['evals.editRows']>['edit']) =>
    client.invoke('evals.editRows', { datasetId, edit }),
  /** A column added, renamed, deleted, or the last delete undone; answers the columns and row count. */
  editColumns: (datasetId: string, edit: CommandInput<Commands['evals.editColumns']>['edit']) =>
    client.invoke('evals.editColumns', { datasetId, edit }),
  /** The dataset (edits included) written by main as a CSV or JSONL file: saved through a dialog or a link. */
  exportDataset: (datasetId: string, format: 'csv' | 'jsonl') =>
    client.invoke('evals.exportDataset', { datasetId, format }),
  start: (input: CommandInput<Commands['evals.start']>) => client.invoke('evals.start', input),
  /** The runs kept on disk, newest first. */
  runs: () => client.invoke('evals.runs', {}),
  openRun: (evalId: string) => client.invoke('evals.openRun', { evalId }),
  /** The cells of a window of a kept run's rows, and every column's figures. */
  cells: (evalId: string, rowOffset: number, rowLimit: number) =>
    client.invoke('evals.cells', { evalId, rowOffset, rowLimit }),
  /** Two kept runs of one dataset compared cell by cell, the changes first. */
  diff: (before: string, after: string) => client.invoke('evals.diff', { before, after }),
  resume: (evalId: string) => client.invoke('evals.resume', { evalId }),
  stop: (evalId: string) => client.invoke('evals.stop', { evalId }),
  export: (evalId: string, format: 'csv' | 'json' | 'html') =>
    client.invoke('evals.export', { evalId, format }),
  onCell: (listener: (payload: EventPayload<Events['evals.cell']>) => void) =>
    client.on('evals.cell', listener),
  onEnded: (listener: (payload: EventPayload<Events['evals.ended']>) => void) =>
    client.on('evals.ended', listener),
}
