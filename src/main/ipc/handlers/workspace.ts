// The workspace domain: each panel's saved state, read once when the panel opens and replaced as it changes;
// the store writes to disk debounced and flushes when the app closes. The app's and Text's states are checked
// here (a damaged or older one answers null), so the renderer restores them without a schema of its own.
import { workspaceCommands } from '../../../shared/ipc/workspace'
import { readPanelState } from '../../../shared/workspace/panelStates'
import { WorkspaceStore } from '../../services/workspace/workspaceStore'
import { defineDomain } from '../domain'

export const workspaceDomain = defineDomain({
  name: 'workspace',
  commands: workspaceCommands,
  services: (ctx) => new WorkspaceStore(ctx.dataDir, { log: ctx.log }),
  handlers: (store) => ({
    'workspace.getPanel': async ({ panel }) => ({ state: readPanelState(panel, await store.get(panel)) }),
    'workspace.putPanel': async ({ panel, state }) => {
      await store.put(panel, state)
      return { saved: true }
    },
  }),
  close: (store) => store.flush(),
})
