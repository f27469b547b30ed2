// The app shell: a sidebar of the panels that exist, the active profile in the header, and the panel.
// Keyboard first: the sidebar is a tab list (arrow keys move, Home/End jump).
import { useEffect, useRef } from 'react'
import { useAppStore, type PanelId } from './stores/appStore'
import { activeProfile, useProfilesStore } from './stores/profilesStore'
import { useAppSettingsStore } from './stores/appSettingsStore'
import { TextPanel } from './features/text/TextPanel'
// Every panel but Text loads when first opened (its own chunk).
import {
  CasesPanel,
  CheckPanel,
  ComparePanel,
  EmbeddingsPanel,
  HistoryPanel,
  ImagesPanel,
  JobsPanel,
  PanelFrame,
  preloadPanel,
  preloadPanelsWhenIdle,
  SettingsPanel,
  VideoNotifier,
  VideoPanel,
} from './panels/lazyPanels'
import { ErrorBanner } from './components/errorBanner/ErrorBanner'

interface PanelDef {
  id: PanelId
  label: string
  icon: string
  render: () => React.ReactNode
}

const PANELS: PanelDef[] = [
  { id: 'text', label: 'Text', icon: '✎', render: () => <TextPanel /> },
  { id: 'compare', label: 'Compare', icon: '⇄', render: () => <ComparePanel /> },
  { id: 'video', label: 'Video', icon: '▶', render: () => <VideoPanel /> },
  { id: 'images', label: 'Images', icon: '▦', render: () => <ImagesPanel /> },
  { id: 'jobs', label: 'Jobs', icon: '☰', render: () => <JobsPanel /> },
  { id: 'embeddings', label: 'Embeddings', icon: '⋰', render: () => <EmbeddingsPanel /> },
  { id: 'history', label: 'History', icon: '↺', render: () => <HistoryPanel /> },
  { id: 'cases', label: 'Cases', icon: '✓', render: () => <CasesPanel /> },
  { id: 'check', label: 'Gateway check', icon: '▤', render: () => <CheckPanel /> },
  { id: 'settings', label: 'Settings', icon: '⚙', render: () => <SettingsPanel /> },
]

export function App() {
  const { panel, setPanel, init, connected, loadError, host } = useAppStore()
  const profile = useProfilesStore(activeProfile)
  const loadProfiles = useProfilesStore((s) => s.load)
  const loadSettings = useAppSettingsStore((s) => s.load)
  const tabs = useRef<(HTMLButtonElement | null)[]>([])

  useEffect(() => {
    void init()
    void loadProfiles()
    // The theme and the Text panel's starting values.
    void loadSettings()
    // The other panels' chunks, one at a time, once the page is idle.
    preloadPanelsWhenIdle()
  }, [init, loadProfiles, loadSettings])

  const onKeyDown = (event: React.KeyboardEvent, index: number) => {
    const last = PANELS.length - 1
    const next =
      event.key === 'ArrowDown'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowUp'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null
    if (next === null) return
    event.preventDefault()
    setPanel(PANELS[next]!.id)
    tabs.current[next]?.focus()
  }

  const current = PANELS.find((p) => p.id === panel) ?? PANELS[0]!
  return (
    <div className="app">
      <aside className="sidebar">
        <div className="brand" aria-label="Gateway Playground">
          <span className="logo">◆</span> <span className="brand-name">Playground</span>
        </div>
        <div role="tablist" aria-orientation="vertical" aria-label="Panels">
          {PANELS.map((p, i) => (
            <button
              key={p.id}
              ref={(el) => {
                tabs.current[i] = el
              }}
              role="tab"
              id={`tab-${p.id}`}
              aria-selected={p.id === current.id}
              aria-controls={`panel-${p.id}`}
              tabIndex={p.id === current.id ? 0 : -1}
              className="nav-item"
              title={p.label}
              onClick={() => setPanel(p.id)}
              onPointerEnter={() => void preloadPanel(p.id)}
              onFocus={() => void preloadPanel(p.id)}
              onKeyDown={(e) => onKeyDown(e, i)}
            >
              <span aria-hidden="true">{p.icon}</span> <span className="nav-label">{p.label}</span>
            </button>
          ))}
        </div>
        <div className="sidebar-foot muted small">
          {host ? `${host.host === 'browser' ? 'Browser mode' : 'Desktop'} · v${host.version}` : ''}
        </div>
      </aside>
      <div className="main">
        <header className="topbar">
          <span className="muted">Profile</span>
          <strong data-testid="active-profile">{profile?.name ?? 'none'}</strong>
          {profile && (
            <span className="muted small mono" data-testid="active-profile-url">
              {profile.baseUrl}
            </span>
          )}
          {profile?.builtIn && <span className="badge synthetic">Synthetic outputs</span>}
        </header>
        {!connected && (
          <ErrorBanner>
            Lost the connection to the app server. Reload the page after restarting `npm run web`.
          </ErrorBanner>
        )}
        <ErrorBanner>{loadError}</ErrorBanner>
        <main
          role="tabpanel"
          id={`panel-${current.id}`}
          aria-labelledby={`tab-${current.id}`}
          className={current.id === 'text' ? 'fills' : undefined}
        >
          <PanelFrame what={current.label}>{current.render()}</PanelFrame>
        </main>
      </div>
      <VideoNotifier />
    </div>
  )
}
