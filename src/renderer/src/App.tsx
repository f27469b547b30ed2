// The app shell: a sidebar of the panels that exist, the active profile in the header, and the panel.
// Keyboard first: the sidebar is a vertical tab list (Up/Down move, Home/End jump), the same TabList as the panels'.
import { useEffect } from 'react'
import { useAppStore, type PanelId } from './stores/app'
import { activeProfile, useProfilesStore } from './stores/profiles'
import { TextPanel } from './features/text/TextPanel'
// Every panel but Text loads when first opened (its own chunk).
import {
  lazyPanel,
  PanelFrame,
  preloadPanel,
  preloadPanelsWhenIdle,
  VideoNotifier,
} from './panels/lazyPanels'
import { ShellBoundary } from './panels/panelBoundary'
import { ErrorBanner } from './components/errorBanner/ErrorBanner'
import { TabList } from './components/tabs/TabList'
import { Keyboard } from './features/commands/Keyboard'

interface PanelDef {
  id: PanelId
  label: string
  icon: string
  Component: React.ComponentType
}

/** The one list of panels: the sidebar's tabs in order, each with its component (lazy but for Text). */
const PANELS: PanelDef[] = [
  { id: 'text', label: 'Text', icon: '✎', Component: TextPanel },
  {
    id: 'compare',
    label: 'Compare',
    icon: '⇄',
    Component: lazyPanel('compare', () =>
      import('./features/compare/ComparePanel').then((m) => m.ComparePanel),
    ),
  },
  {
    id: 'video',
    label: 'Video',
    icon: '▶',
    Component: lazyPanel('video', () => import('./features/video/VideoPanel').then((m) => m.VideoPanel)),
  },
  {
    id: 'images',
    label: 'Images',
    icon: '▦',
    Component: lazyPanel('images', () => import('./features/images/ImagesPanel').then((m) => m.ImagesPanel)),
  },
  {
    id: 'jobs',
    label: 'Jobs',
    icon: '☰',
    Component: lazyPanel('jobs', () => import('./features/jobs/JobsPanel').then((m) => m.JobsPanel)),
  },
  {
    id: 'embeddings',
    label: 'Embeddings',
    icon: '⋰',
    Component: lazyPanel('embeddings', () =>
      import('./features/embeddings/EmbeddingsPanel').then((m) => m.EmbeddingsPanel),
    ),
  },
  {
    id: 'history',
    label: 'History',
    icon: '↺',
    Component: lazyPanel('history', () =>
      import('./features/history/HistoryPanel').then((m) => m.HistoryPanel),
    ),
  },
  {
    id: 'cases',
    label: 'Cases',
    icon: '✓',
    Component: lazyPanel('cases', () => import('./features/cases/CasesPanel').then((m) => m.CasesPanel)),
  },
  {
    id: 'evals',
    label: 'Evals',
    icon: '⚖',
    Component: lazyPanel('evals', () => import('./features/evals/EvalsPanel').then((m) => m.EvalsPanel)),
  },
  {
    id: 'check',
    label: 'Gateway check',
    icon: '▤',
    Component: lazyPanel('check', () => import('./features/check/CheckPanel').then((m) => m.CheckPanel)),
  },
  {
    id: 'load',
    label: 'Load test',
    icon: '≋',
    Component: lazyPanel('load', () => import('./features/load/LoadPanel').then((m) => m.LoadPanel)),
  },
  {
    id: 'settings',
    label: 'Settings',
    icon: '⚙',
    Component: lazyPanel('settings', () =>
      import('./features/settings/SettingsPanel').then((m) => m.SettingsPanel),
    ),
  },
]

/** The panels by name, in the sidebar's order: what the shortcuts (Ctrl/Cmd+1…9) and the command palette open. */
const PANEL_NAMES = PANELS.map(({ id, label }) => ({ id, label }))

export function App() {
  const { panel, setPanel, connected, loadError, host } = useAppStore()
  const profile = useProfilesStore(activeProfile)

  // The host's facts, the profiles and the settings came with the start-up (stores/startup); the other panels'
  // chunks follow, one at a time, once the first screen is up and the page is idle.
  useEffect(() => {
    preloadPanelsWhenIdle()
  }, [])

  const current = PANELS.find((p) => p.id === panel) ?? PANELS[0]!
  return (
    <div className="app">
      <aside className="sidebar">
        <div className="brand" aria-label="Gateway Playground">
          <span className="logo">◆</span> <span className="brand-name">Playground</span>
        </div>
        <TabList
          label="Panels"
          orientation="vertical"
          items={PANELS.map((p) => ({
            id: p.id,
            label: p.label,
            content: (
              <>
                <span aria-hidden="true">{p.icon}</span> <span className="nav-label">{p.label}</span>
              </>
            ),
          }))}
          selected={current.id}
          onSelect={setPanel}
          tabClass={() => 'nav-item'}
          ids={{ tab: (id) => `tab-${id}`, panel: (id) => `panel-${id}` }}
          onPreview={(id) => void preloadPanel(id)}
        />
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
          <ShellBoundary what={current.label}>
            <PanelFrame what={current.label}>
              <current.Component />
            </PanelFrame>
          </ShellBoundary>
        </main>
      </div>
      <VideoNotifier />
      <Keyboard panels={PANEL_NAMES} />
    </div>
  )
}
