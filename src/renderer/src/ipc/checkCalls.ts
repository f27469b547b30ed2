// The Gateway check domain for panels: start and stop a check, a cell's exchanges and draft, reports and their
// diff, and the check's events. Components reach main through here or the check store, never the client.
import type { CommandInput, EventPayload } from '../../../shared/ipc/define'
import type { Commands, Events } from '../../../shared/ipc/contract'
import { client } from './client'

export const checkCalls = {
  start: (input: CommandInput<Commands['check.start']>) => client.invoke('check.start', input),
  plannedWork: (input: CommandInput<Commands['check.plannedWork']>) =>
    client.invoke('check.plannedWork', input),
  stop: (checkId: string) => client.invoke('check.stop', { checkId }),
  exchange: (exchangeId: string) => client.invoke('check.exchange', { exchangeId }),
  cellDraft: (checkId: string, key: string) => client.invoke('check.cellDraft', { checkId, key }),
  rerunCell: (checkId: string, key: string, paidConfirmed: boolean) =>
    client.invoke('check.rerunCell', { checkId, key, paidConfirmed }),
  listReports: () => client.invoke('check.listReports', {}),
  exportReport: (checkId: string, format: 'markdown' | 'json') =>
    client.invoke('check.exportReport', { checkId, format }),
  diff: (input: CommandInput<Commands['check.diff']>) => client.invoke('check.diff', input),
  onCell: (listener: (payload: EventPayload<Events['check.cell']>) => void) =>
    client.on('check.cell', listener),
  onEnded: (listener: (payload: EventPayload<Events['check.ended']>) => void) =>
    client.on('check.ended', listener),
}
