// The workspace's panels and the bound of one panel's saved state, as plain constants (no schema): the renderer
// reads them at start, and the schemas that check a state (panelStates.ts, ipc/workspace.ts) stay out of its
// first load.
export const WORKSPACE_PANELS = ['app', 'text', 'compare', 'embeddings', 'images', 'video', 'load', 'evals'] as const
export type WorkspacePanel = (typeof WORKSPACE_PANELS)[number]

/** One panel's saved state at most: under the largest IPC message (M1) with room for the envelope. */
export const MAX_WORKSPACE_STATE = 200_000

/** How much of a run's text the Text panel's saved state keeps of its last run (its start; History keeps all). */
export const LAST_END_TEXT_CHARS = 50_000
/** How much of that run's raw error body the saved state keeps. */
export const LAST_END_RAW_CHARS = 20_000
