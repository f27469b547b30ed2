// The workspace domain: what each panel holds between sessions (the Text draft (main saves its conversation
// itself), Compare's draft and results, the Embeddings inputs, the Images and Video forms, the Evals set-up, the open tabs), kept
// by main so a reload, a crash or a restart brings it back in both hosts. Each panel's state is one JSON text,
// bounded.
import { z } from 'zod'
import { panelStateIssue } from '../workspace/panelStates'
import { MAX_WORKSPACE_STATE, WORKSPACE_PANELS } from '../workspace/panels'
import { defineCommand } from './define'

export { MAX_WORKSPACE_STATE, WORKSPACE_PANELS } from '../workspace/panels'
export type { WorkspacePanel } from '../workspace/panels'

const panelSchema = z.enum(WORKSPACE_PANELS)
const stateSchema = z
  .string()
  .max(MAX_WORKSPACE_STATE, `a panel's saved state is at most ${MAX_WORKSPACE_STATE} characters`)
  .refine((text) => {
    try {
      JSON.parse(text)
      return true
    } catch {
      return false
    }
  }, 'a panel state is JSON')

export const workspaceCommands = {
  /**
   * The panel's state as last saved, or null when it has none. The app's and Text's are checked by main
   * (shared/workspace/panelStates.ts): read back field by field, or null when damaged or of an older shape.
   */
  'workspace.getPanel': defineCommand(
    z.object({ panel: panelSchema }),
    z.object({ state: z.string().nullable() }),
  ),
  /**
   * Replaces the panel's saved state (written to disk a moment later, coalescing quick changes). An app or Text
   * state that would not read back is refused with the reason.
   */
  'workspace.putPanel': defineCommand(
    z.object({ panel: panelSchema, state: stateSchema }).superRefine(({ panel, state }, ctx) => {
      const issue = panelStateIssue(panel, state)
      if (issue !== null) ctx.addIssue({ code: 'custom', message: issue, path: ['state'] })
    }),
    z.object({ saved: z.boolean() }),
  ),
}
