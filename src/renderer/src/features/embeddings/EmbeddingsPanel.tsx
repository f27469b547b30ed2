// The Embeddings panel: Embed (endpoints 9, 7 and 8) and Rerank (endpoint 10) as two modes over one profile.
// The form and the request it builds sit on the left, what main computed on the right (below the form when
// narrow). Esc stops a request;
// the drafts outlive failures and panel switches (they live in the store).
import { useEffect } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { useEmbeddingsStore, type EmbedMode } from '../../stores/embeddings'
import { activeProfile, useProfilesStore } from '../../stores/profiles'
import { EmbedForm } from './EmbedForm'
import { EmbedResults } from './EmbedResults'
import { RerankForm } from './RerankForm'
import { RerankResults } from './RerankResults'
import { EmbedRequestView } from './EmbedRequestView'
import './embeddings.css'
import { TabList } from '../../components/tabs/TabList'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'
import { ProfileOptions } from '../../components/selectOptions/SelectOptions'

const MODES: readonly { id: EmbedMode; label: string }[] = [
  { id: 'embed', label: 'Embed' },
  { id: 'rerank', label: 'Rerank' },
]

export function EmbeddingsPanel() {
  const {
    mode,
    profileId: chosen,
    lastError,
    setMode,
    setProfile,
  } = useEmbeddingsStore(
    useShallow((x) => ({
      mode: x.mode,
      profileId: x.profileId,
      lastError: x.lastError,
      setMode: x.setMode,
      setProfile: x.setProfile,
    })),
  )
  const profiles = useProfilesStore((p) => p.profiles)
  const active = useProfilesStore(activeProfile)
  const profile = profiles.find((p) => p.id === chosen) ?? active ?? null
  const profileId = profile?.id ?? null

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && useEmbeddingsStore.getState().running) {
        e.preventDefault()
        void useEmbeddingsStore.getState().stop()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  return (
    <section className="panel emb-panel" aria-labelledby="embeddings-title">
      <header className="panel-header">
        <h1 id="embeddings-title">Embeddings</h1>
        <p className="muted">
          Turn texts into vectors and see what they mean: similarity, a 2-D map, nearest neighbours, and
          whether two formats agree. Rerank orders documents by relevance to a query.
          {profile?.builtIn ? ' The built-in simulator returns synthetic vectors and scores.' : ''}
        </p>
      </header>
      <div className="toolbar" role="toolbar" aria-label="Embeddings settings">
        <TabList
          label="Mode"
          className="tabs emb-modes"
          tabClass={() => 'tab'}
          items={MODES}
          selected={mode}
          onSelect={setMode}
        />
        <label>
          <span className="muted small">Profile</span>
          <select
            aria-label="Profile"
            value={profileId ?? ''}
            // The app's one active profile, so the header always names the profile these requests go to.
            onChange={(e) => (setProfile(''), void useProfilesStore.getState().setActive(e.target.value))}
          >
            <ProfileOptions profiles={profiles} />
          </select>
        </label>
      </div>
      <ErrorBanner>{lastError}</ErrorBanner>
      <div className="emb-layout">
        <div className="emb-area-form">
          {mode === 'embed' ? <EmbedForm profileId={profileId} /> : <RerankForm profileId={profileId} />}
        </div>
        <div className="emb-area-results">
          {mode === 'embed' ? <EmbedResults /> : <RerankResults profileId={profileId} />}
        </div>
        <div className="emb-area-request">
          <EmbedRequestView mode={mode} profileId={profileId} />
        </div>
      </div>
    </section>
  )
}
