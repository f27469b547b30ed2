// The workspace domain: what each panel holds between sessions (the Text draft (main saves its conversation
// itself), Compare's draft and results, the Embeddings inputs, the Images and Video forms, the open tabs), kept
// by main so a reload, a crash or a restart brings it back in both hosts. Each panel's state is one JSON text,
// bounded.
import { z } from 'zod'
import { defineCommand } from './define'

export const WORKSPACE_PANELS = ['app', 'text', 'compare', 'embeddings', 'images', 'video'] as const
export type WorkspacePanel = (typeof WORKSPACE_PANELS)[number]

/** One panel's saved state at most: under the largest IPC message (M1) with room for the envelope. */
export const MAX_WORKSPACE_STATE = 200_000

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
  /** The panel's state as last saved, or null when it has none. */
  'workspace.getPanel': defineCommand(
    z.object({ panel: panelSchema }),
    z.object({ state: z.string().nullable() }),
  ),
  /** Replaces the panel's saved state (written to disk a moment later, coalescing quick changes). */
  'workspace.putPanel': defineCommand(
    z.object({ panel: panelSchema, state: stateSchema }),
    z.object({ saved: z.boolean() }),
  ),
}
