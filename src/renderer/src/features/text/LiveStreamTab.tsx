// The Inspector's Stream tab for the running text run: reads the live-exchange store (not the text store), so
// frames re-render only this tab, and watches the run's frames in main only while the tab is shown (P2). It asks
// only once main has the run (its request record arrived): the renderer names a run before main starts it, and
// a watch for a run main does not know yet is answered "not watching" and would never be asked again.
import { useCallback } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { LiveFrames } from '../../components/inspector/LiveFrames'
import { useLiveExchange } from '../../stores/text'
import { textCalls } from '../../ipc/textCalls'

const watchInMain = (runId: string) => {
  void textCalls.watchFrames(runId, true).catch(() => undefined)
  return () => void textCalls.watchFrames(runId, false).catch(() => undefined)
}
const notYet = () => () => undefined

const NONE: never[] = []

export function LiveStreamTab({ runId }: { runId: string }) {
  const live = useLiveExchange(
    useShallow((s) => ({
      total: s.runId === runId ? s.total : 0,
      frames: s.runId === runId ? s.frames : NONE,
      first: s.first,
    })),
  )
  const started = useLiveExchange((s) => s.runId === runId && s.request !== null)
  const watch = useCallback((id: string) => (started ? watchInMain(id) : notYet()), [started])
  return <LiveFrames runId={runId} total={live.total} first={live.first} frames={live.frames} watch={watch} />
}
