// The cases domain for panels: suites, saving a case, import and export, matrix runs and their events.
// Components reach main through here or the cases store, never the client.
import type { CommandInput, EventPayload } from '../../../shared/ipc/define'
import type { Commands, Events } from '../../../shared/ipc/contract'
import { client } from './client'

export const casesCalls = {
  listSuites: () => client.invoke('cases.listSuites', {}),
  createSuite: (name: string) => client.invoke('cases.createSuite', { name }),
  renameSuite: (id: string, name: string) => client.invoke('cases.renameSuite', { id, name }),
  deleteSuite: (id: string) => client.invoke('cases.deleteSuite', { id }),
  addCase: (input: CommandInput<Commands['cases.addCase']>) => client.invoke('cases.addCase', input),
  removeCase: (suiteId: string, caseId: string) => client.invoke('cases.removeCase', { suiteId, caseId }),
  importSuite: (text: string) => client.invoke('cases.importSuite', { text }),
  exportSuite: (id: string) => client.invoke('cases.exportSuite', { id }),
  startMatrix: (input: CommandInput<Commands['cases.startMatrix']>) =>
    client.invoke('cases.startMatrix', input),
  plannedWork: (suiteId: string, targets: CommandInput<Commands['cases.plannedWork']>['targets']) =>
    client.invoke('cases.plannedWork', { suiteId, targets }),
  stopMatrix: (matrixId: string) => client.invoke('cases.stopMatrix', { matrixId }),
  onCell: (listener: (payload: EventPayload<Events['cases.matrixCell']>) => void) =>
    client.on('cases.matrixCell', listener),
  onEnded: (listener: (payload: EventPayload<Events['cases.matrixEnded']>) => void) =>
    client.on('cases.matrixEnded', listener),
}
