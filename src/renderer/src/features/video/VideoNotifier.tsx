// Mounted once by the app shell, whatever panel is shown: subscribes this window to the job list (so jobs that
// resumed after a restart reach it), tells main whether the Video panel is on screen (main notifies only when no
// window shows it), and shows browser mode's notifications as toasts that open the panel.
import { useEffect } from 'react'
import { useAppStore } from '../../stores/app'
import { useVideoStore } from '../../stores/video'
import './videoToasts.css'

const visibleNow = (panel: string): boolean => panel === 'video' && document.visibilityState === 'visible'

export function VideoNotifier() {
  const panel = useAppStore((s) => s.panel)
  const setPanel = useAppStore((s) => s.setPanel)
  const toasts = useVideoStore((s) => s.toasts)
  const dismiss = useVideoStore((s) => s.dismissToast)

  useEffect(() => {
    void useVideoStore.getState().watch(visibleNow(useAppStore.getState().panel))
    const onVisibility = () =>
      useVideoStore.getState().setPanelVisible(visibleNow(useAppStore.getState().panel))
    document.addEventListener('visibilitychange', onVisibility)
    return () => document.removeEventListener('visibilitychange', onVisibility)
  }, [])

  useEffect(() => {
    useVideoStore.getState().setPanelVisible(visibleNow(panel))
  }, [panel])

  if (toasts.length === 0) return null
  return (
    <div className="video-toasts" role="status" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className="video-toast">
          <strong>{t.title}</strong>
          <p className="small">{t.body}</p>
          <div className="video-row">
            <button
              type="button"
              className="primary"
              onClick={() => {
                useVideoStore.getState().setPreview(t.jobId)
                setPanel('video')
                dismiss(t.id)
              }}
            >
              Open
            </button>
            <button type="button" className="ghost" onClick={() => dismiss(t.id)}>
              Dismiss
            </button>
          </div>
        </div>
      ))}
    </div>
  )
}
