// The Stream tab while a run streams: frames appended as they arrive, virtualised so thousands of frames cost
// only the rows on screen. It asks main to carry frames only while it is mounted (text.watchFrames), so a
// closed tab costs the answer nothing (P2).
import { useEffect, useRef } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { SseFrame } from '../../../../shared/ipc/exchange'

const ROW_HEIGHT = 22

export interface LiveFramesProps {
  runId: string
  total: number
  first: number
  frames: SseFrame[]
  /** Starts/stops main sending this run's frames; returns a stop function. */
  watch: (runId: string) => () => void
}

export function LiveFrames({ runId, total, first, frames, watch }: LiveFramesProps) {
  useEffect(() => {
    return watch(runId)
  }, [runId, watch])
  const scroller = useRef<HTMLDivElement>(null)
  // The virtualiser's functions are read each render on purpose (the list grows while the run streams).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: frames.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  })
  return (
    <div className="frame-list live-frames">
      <p className="muted small" role="status" data-testid="live-frame-count">
        Streaming: {total} {total === 1 ? 'frame' : 'frames'} so far
      </p>
      <div ref={scroller} className="live-frames-scroll" style={{ maxHeight: 360, overflow: 'auto' }}>
        <ol style={{ height: virtualizer.getTotalSize(), position: 'relative', margin: 0, padding: 0 }}>
          {virtualizer.getVirtualItems().map((row) => {
            const f = frames[row.index]!
            return (
              <li
                key={row.key}
                style={{
                  position: 'absolute',
                  top: 0,
                  transform: `translateY(${row.start}px)`,
                  height: ROW_HEIGHT,
                  width: '100%',
                  listStyle: 'none',
                  overflow: 'hidden',
                  whiteSpace: 'nowrap',
                  textOverflow: 'ellipsis',
                }}
              >
                <span className="muted small">#{first + row.index + 1}</span>{' '}
                <span className="muted small">{f.t.toFixed(0)} ms</span>{' '}
                {f.event && <strong>{f.event}</strong>} <code>{f.data}</code>
              </li>
            )
          })}
        </ol>
      </div>
    </div>
  )
}
