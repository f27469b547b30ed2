// Settings: connection profiles (create, edit, duplicate, delete, choose the active one), their write-only
// secrets, and Test connection; then the theme and the Text panel's defaults. The built-in simulator profile is
// read-only and marked as synthetic.
import { useEffect, useState } from 'react'
import { useProfilesStore } from '../../stores/profiles'
import { useAppStore } from '../../stores/app'
import { AppSettingsForm } from './AppSettingsForm'
import { RunRetentionForm } from './RunRetentionForm'
import { ToolServersSection } from './ToolServersSection'
import { ProfileEditor } from './ProfileEditor'
import { ProfileDetail } from './ProfileCard'
import { PricesSection } from './PricesSection'
import { SpendSummary } from './BudgetForm'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'
import './settings.css'

type Mode = { kind: 'view' } | { kind: 'new' } | { kind: 'edit'; id: string }

export function SettingsPanel() {
  const { profiles, activeId, loaded, error, tests, load } = useProfilesStore()
  const store = useProfilesStore()
  const host = useAppStore((s) => s.host)
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const [mode, setMode] = useState<Mode>({ kind: 'view' })
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [actionError, setActionError] = useState<string | null>(null)

  useEffect(() => {
    void load()
  }, [load])

  const selected = profiles.find((p) => p.id === (selectedId ?? activeId)) ?? profiles[0] ?? null

  const act = async (fn: () => Promise<unknown>) => {
    setActionError(null)
    try {
      await fn()
    } catch (e) {
      setActionError(e instanceof Error ? e.message : String(e))
    }
  }

  return (
    <section className="panel settings" aria-labelledby="settings-title">
      <header className="panel-header">
        <h1 id="settings-title">Settings</h1>
        <p className="muted">
          Connection profiles (where requests go and which credentials they carry), each profile&apos;s prices
          and monthly budget, the tool servers models may call, the theme, the defaults the Text panel starts
          with, and the judge and embedding model evals start with.
        </p>
      </header>
      <ProtectionNotice />
      <ErrorBanner what="Could not load profiles">{error}</ErrorBanner>
      <div className="settings-body">
        <nav className="profile-list" aria-label="Profiles">
          <ul>
            {profiles.map((p) => (
              <li key={p.id}>
                <button
                  className={`profile-item${selected?.id === p.id ? ' selected' : ''}`}
                  aria-current={selected?.id === p.id ? 'true' : undefined}
                  onClick={() => {
                    setSelectedId(p.id)
                    setMode({ kind: 'view' })
                    setConfirmDelete(false)
                  }}
                >
                  <span className="profile-name">{p.name}</span>
                  <span className="profile-url">{p.baseUrl}</span>
                  <span className="badges">
                    {p.id === activeId && <span className="badge active">Active</span>}
                    {p.builtIn && <span className="badge synthetic">Synthetic</span>}
                    {!p.builtIn && !p.secrets.apiKey.configured && <span className="badge warn">No key</span>}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <button className="primary" onClick={() => setMode({ kind: 'new' })}>
            New profile
          </button>
          {!loaded && <p className="muted">Loading…</p>}
        </nav>
        <div className="profile-detail">
          <ErrorBanner>{actionError}</ErrorBanner>
          {mode.kind === 'new' && (
            <ProfileEditor
              initial={null}
              onCancel={() => setMode({ kind: 'view' })}
              onSave={async (fields) => {
                const created = await store.create(fields)
                setSelectedId(created.id)
                setMode({ kind: 'view' })
              }}
            />
          )}
          {mode.kind === 'edit' && selected && (
            <ProfileEditor
              key={selected.id}
              initial={selected}
              onCancel={() => setMode({ kind: 'view' })}
              onSave={async (fields) => {
                await store.update(selected.id, fields)
                setMode({ kind: 'view' })
              }}
            />
          )}
          {mode.kind === 'view' && selected && (
            <ProfileDetail
              profile={selected}
              active={selected.id === activeId}
              test={tests[selected.id]}
              confirmDelete={confirmDelete}
              onEdit={() => setMode({ kind: 'edit', id: selected.id })}
              onDuplicate={() => act(async () => setSelectedId((await store.duplicate(selected.id)).id))}
              onDelete={() =>
                confirmDelete
                  ? act(async () => {
                      await store.remove(selected.id)
                      setSelectedId(null)
                      setConfirmDelete(false)
                    })
                  : setConfirmDelete(true)
              }
              onCancelDelete={() => setConfirmDelete(false)}
              onActivate={() => act(() => store.setActive(selected.id))}
              onTest={() => act(() => store.testConnection(selected.id))}
              onSecret={(kind, value) => store.setSecret(selected.id, kind, value)}
              onTrust={(fingerprint) => act(() => store.trustCertificate(selected.id, fingerprint))}
            />
          )}
          {host?.simulator && mode.kind === 'view' && selected?.builtIn && (
            <p className="muted small">
              The built-in simulator runs inside the app at {host.simulator.baseUrl}. It needs no network and
              answers every endpoint with synthetic output.
            </p>
          )}
        </div>
      </div>
      {/* Keyed by profile: another profile's table starts on its first page, nothing half-edited carried over. */}
      {selected && <PricesSection key={selected.id} profile={selected} />}
      <SpendSummary />
      <ToolServersSection />
      <AppSettingsForm />
      <RunRetentionForm />
    </section>
  )
}

function ProtectionNotice() {
  const host = useAppStore((s) => s.host)
  if (!host || host.secretProtection === 'os-encryption') return null
  const text =
    host.secretProtection === 'plain-file'
      ? `Keys are stored unencrypted in a file readable only by your user (mode 0600) in ${host.dataDir}.`
      : 'This system has no keyring: keys are only obfuscated on disk, not encrypted. Install a keyring (for example gnome-keyring) for real encryption.'
  return (
    <p className="warn-banner" role="note" data-testid="protection-notice">
      {text}
    </p>
  )
}
