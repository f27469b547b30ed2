// Every result image of the console image jobs, newest first, from the media store (so they outlive the gateway's
// links): thumbnails that open a lightbox with zoom, a download per image and one for all of a job.
import { useEffect, useRef, useState } from 'react'
import { useFocusReturn } from '../../components/focus/useFocusReturn'
import type { ImageJob } from '../../../../shared/ipc/images'
import { useImagesStore } from '../../stores/images'
import { useJobsStore } from '../../stores/jobs'

/** Offers a stored image as a file (the media route answers Content-Disposition: attachment). */
export function downloadImage(image: ImageJob['results'][number]): void {
  const a = document.createElement('a')
  a.href = `${image.url}?download=${encodeURIComponent(image.name)}`
  a.download = image.name
  a.rel = 'noopener'
  document.body.append(a)
  a.click()
  a.remove()
}

export function Gallery({ jobs, onDetails }: { jobs: ImageJob[]; onDetails(jobId: string): void }) {
  const open = useImagesStore((s) => s.openLightbox)
  const withImages = jobs.filter((j) => j.results.length > 0)
  if (withImages.length === 0) return <p className="muted">Generated images appear here.</p>
  return (
    <div className="images-gallery" aria-label="Gallery">
      {withImages.map((job) => (
        <section key={job.id} className="images-gallery-job" data-testid="gallery-job">
          <div className="video-row">
            <strong className="small">{job.title}</strong>
            <button type="button" className="ghost" onClick={() => job.results.forEach(downloadImage)}>
              Download all ({job.results.length})
            </button>
            <button type="button" className="ghost" onClick={() => onDetails(job.id)}>
              Details
            </button>
          </div>
          <ul className="images-thumbs">
            {job.results.map((image, i) => (
              <li key={image.mediaId}>
                <button
                  type="button"
                  className="images-thumb"
                  onClick={() => open(job.id, i)}
                  aria-label={`Open image ${i + 1} of ${job.title}`}
                >
                  <img src={image.url} alt={`Result ${i + 1}`} loading="lazy" />
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}

export function Lightbox() {
  const box = useImagesStore((s) => s.lightbox)
  const job = useJobsStore((s) => s.images.find((j) => j.id === box?.jobId))
  const close = useImagesStore((s) => s.closeLightbox)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close()
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [close])
  if (!box || !job || !job.results[box.index]) return null
  return <LightboxView job={job} index={box.index} />
}

function LightboxView({ job, index }: { job: ImageJob; index: number }) {
  const close = useImagesStore((s) => s.closeLightbox)
  const open = useImagesStore((s) => s.openLightbox)
  const [zoom, setZoom] = useState(1)
  // Each image opens at 100 %; the view itself stays mounted so Previous/Next keep the keyboard focus.
  const [shown, setShown] = useState(`${job.id}:${index}`)
  if (shown !== `${job.id}:${index}`) {
    setShown(`${job.id}:${index}`)
    setZoom(1)
  }
  const ref = useRef<HTMLDivElement>(null)
  useFocusReturn(ref)
  const image = job.results[index]!
  const go = (delta: number) => open(job.id, (index + delta + job.results.length) % job.results.length)
  return (
    <div ref={ref} className="images-lightbox" role="dialog" aria-modal="true" aria-label="Image viewer">
      <div className="video-row">
        <span className="small">
          {index + 1} / {job.results.length} · {image.width}×{image.height} · {Math.round(zoom * 100)}%
        </span>
        <button type="button" onClick={() => setZoom((z) => Math.min(8, z * 1.5))}>
          Zoom in
        </button>
        <button type="button" onClick={() => setZoom((z) => Math.max(0.25, z / 1.5))}>
          Zoom out
        </button>
        <button type="button" onClick={() => setZoom(1)}>
          Fit
        </button>
        {job.results.length > 1 && (
          <>
            <button type="button" onClick={() => go(-1)}>
              Previous
            </button>
            <button type="button" onClick={() => go(1)}>
              Next
            </button>
          </>
        )}
        <button type="button" onClick={() => downloadImage(image)}>
          Download
        </button>
        <button type="button" className="primary" onClick={close} data-autofocus>
          Close
        </button>
      </div>
      <div
        className="images-lightbox-stage"
        onWheel={(e) => setZoom((z) => Math.min(8, Math.max(0.25, z * (e.deltaY < 0 ? 1.1 : 0.9))))}
      >
        <img
          src={image.url}
          alt={`Result ${index + 1} of ${job.title}`}
          data-testid="lightbox-image"
          style={{ transform: `scale(${zoom})` }}
        />
      </div>
    </div>
  )
}
