// The Images panel: console image tasks on the console base address with the console token. Three tabs (Batch
// images, Photo-shoot, Try-on) each keep their draft; the side shows the newest job of the tab with its status,
// the before/after of a finished try-on or photo-shoot, and the gallery of every stored result; every job opens its
// details (the request, its code export, every exchange with the console's code and msg).
import { useEffect, useRef, useState } from 'react'
import { validateImageForm } from '../../../../shared/images/bodies'
import { JOB_KIND, tabsOf, type ImageFormMode } from '../../../../shared/catalog/jobKinds'
import { activeProfile, useProfilesStore } from '../../stores/profiles'
import { useImagesStore, type ImagesTab } from '../../stores/images'
import { useJobsStore } from '../../stores/jobs'
import { BatchImagesForm } from './BatchImagesForm'
import { BeforeAfter } from './BeforeAfter'
import { Gallery, Lightbox } from './Gallery'
import { PhotoShootForm } from './PhotoShootForm'
import { TryOnForm } from './TryOnForm'
import { ImagesRawRequest } from './ImagesRawRequest'
import { ImageJobStatus } from '../../components/jobStatus/JobStatus'
import { JobDetails } from '../../widgets/jobDetails/JobDetails'
import { TabList } from '../../components/tabs/TabList'
import './images.css'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'

/** The tabs, their labels, their Send words and their kinds come from the job-kind registry. */
const TABS = tabsOf('images').map(({ tab, label, kinds }) => ({
  id: tab as ImagesTab,
  label,
  send: JOB_KIND[kinds[0]!].send,
  kinds,
}))

export function ImagesPanel() {
  const profile = useProfilesStore(activeProfile)
  const { tab, setTab, sending, photoMode, watch, submit, refused } = useImagesStore()
  const jobs = useJobsStore((s) => s.images)
  const loaded = useJobsStore((s) => s.loaded)
  const error = useJobsStore((s) => s.error)
  useEffect(() => void watch(), [watch])
  const current = TABS.find((t) => t.id === tab)!
  // A tab of one kind has one form mode; the photo-shoot tab's kinds are picked by its mode switch.
  const mode =
    current.kinds.length > 1 ? photoMode : (JOB_KIND[current.kinds[0]!].formModes[0] as ImageFormMode)
  const newest = jobs.find((j) => current.kinds.includes(j.task))
  const formLevel = refused[mode].find((i) => i.field === 'form')
  const formRef = useRef<HTMLFormElement>(null)
  const [detailsId, setDetailsId] = useState<string | null>(null)

  const send = () => {
    if (!profile) return
    const { drafts, files } = useImagesStore.getState()
    const dims = (field: string) => {
      const ref = (drafts[mode] as unknown as Record<string, unknown>)[field]
      const image = typeof ref === 'string' ? files[ref]?.image : undefined
      return image ? { width: image.width, height: image.height } : null
    }
    if (validateImageForm(drafts[mode], dims).length > 0) {
      useImagesStore.setState((s) => ({ sent: { ...s.sent, [mode]: true } }))
      // Once the issues show, the first field they name (in the form's order) takes focus.
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      )
      return
    }
    void submit(mode, profile.id)
  }

  return (
    <section className="panel images" aria-labelledby="images-title">
      <header className="panel-header">
        <h1 id="images-title">Images</h1>
        <p className="muted">
          Console image tasks with the profile's console token. Results are saved to this computer, so they
          outlive the gateway's links.
        </p>
      </header>
      <ErrorBanner>{error}</ErrorBanner>
      <TabList
        label="Image tasks"
        className="tabs"
        tabClass={() => 'tab'}
        items={TABS}
        selected={tab}
        onSelect={setTab}
      />
      <div className="video-body">
        <div className="video-form-column">
          <form
            ref={formRef}
            className="video-form"
            aria-label={current.label}
            onSubmit={(e) => {
              e.preventDefault()
              send()
            }}
          >
            {tab === 'batch' ? <BatchImagesForm /> : tab === 'try-on' ? <TryOnForm /> : <PhotoShootForm />}
            {formLevel && (
              <p className="field-error" role="alert">
                {formLevel.message}
              </p>
            )}
            <button type="submit" className="primary" disabled={!profile || sending}>
              {sending ? 'Sending…' : current.send}
            </button>
          </form>
          <ImagesRawRequest profileId={profile?.id ?? null} mode={mode} />
        </div>
        <div className="video-side">
          {newest && (
            <div aria-label="Newest job">
              <ImageJobStatus job={newest} onDetails={() => setDetailsId(newest.id)} />
              {newest.before && newest.results[0] && newest.status === 'succeeded' && (
                <BeforeAfter before={newest.before} after={newest.results[0].url} label={newest.title} />
              )}
            </div>
          )}
          <h2 className="video-list-title">Gallery</h2>
          {loaded ? <Gallery jobs={jobs} onDetails={setDetailsId} /> : <p className="muted">Loading…</p>}
        </div>
      </div>
      <Lightbox />
      {detailsId && <JobDetails jobId={detailsId} onClose={() => setDetailsId(null)} />}
    </section>
  )
}
