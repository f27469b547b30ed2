// The one way another panel points Text at a profile (by making it the app's active one, so the header and the
// request agree), and Clear conversation with Undo. Nothing replaces Text's conversation: what another panel
// opens in Text opens in a new one (stores/handoffs.ts).
import { editConversation, useTextStore } from './textStore'
import { currentRun } from './textState'
import { offerUndo } from '../app'
import { useProfilesStore } from '../profiles'

/** Points the Text panel at `profileId` (when it still exists) by making it the app's active profile. */
export async function pointTextAt(profileId: string | null): Promise<void> {
  const profiles = useProfilesStore.getState()
  useTextStore.setState({ profileId: null })
  if (profileId && profileId !== profiles.activeId && profiles.profiles.some((p) => p.id === profileId))
    await profiles.setActive(profileId)
}

/**
 * Clear conversation, with Undo for a few seconds: main brings the conversation back exactly as it was (turns
 * added since give way; their runs are in History), and the run shown then comes back with it, so the screen
 * shows what the next request sends. A run going on the turns since is stopped first.
 */
export async function clearConversationWithUndo(): Promise<void> {
  const s = useTextStore.getState()
  const before = {
    turns: s.messages.length,
    runs: s.runs,
    currentRunId: s.currentRunId,
    pendingToolCalls: s.pendingToolCalls,
  }
  const token = await s.clearConversation()
  if (before.turns === 0 && !before.currentRunId) return
  const turns = before.turns
  offerUndo(`Conversation cleared (${turns} turn${turns === 1 ? '' : 's'}).`, () => {
    void (async () => {
      const text = useTextStore.getState()
      if (currentRun(text)?.status === 'running') await text.stop()
      if (token) await editConversation({ type: 'undoClear', token })
      // The runs of the turns since leave with them; the run shown before the clear points at its turn again.
      const now = useTextStore.getState()
      const going = Object.fromEntries(Object.entries(now.runs).filter(([, r]) => r.status === 'running'))
      useTextStore.setState({
        runs: { ...going, ...before.runs },
        currentRunId: before.currentRunId,
        pendingToolCalls: before.pendingToolCalls,
      })
    })()
  })
}
