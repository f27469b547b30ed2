// Settings → Tool servers: the Model Context Protocol servers whose tools the model may call. Each is added here,
// shows the command it runs (or its URL) before the user connects it, its status (and why it failed or exited),
// its tools with their schemas, resources and prompts, its log, and a way to try a tool by hand. A server is
// started only by Connect, here.
import { useEffect, useState } from 'react'
import { commandLine, type ToolServerView } from '../../../../shared/tools/serverConfig'
import { useToolServersStore } from '../../stores/tools'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'
import { ToolServerEditor } from './ToolServerEditor'
import { ToolServerTools } from './ToolServerTools'

type Mode = { kind: 'view' } | { kind: 'new' } | { kind: 'edit' }

const STATUS_WORDS: Record<ToolServerView['state']['status'], string> = {
  disconnected: 'Not connected',
  connecting: 'Connecting…',
  connected: 'Connected',
  failed: 'Failed',
  exited: 'Exited',
}

export function ToolServersSection() {
  const { servers, loaded, error, watch, put, remove, connect, disconnect } = useToolServersStore()
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const [mode, setMode] = useState<Mode>({ kind: 'view' })
  const [actionError, setActionError] = useState<string | null>(null)
  const [confirmRemove, setConfirmRemove] = useState(false)
  useEffect(() => {
    void watch()
  }, [watch])
  const selected = servers.find((s) => s.id === selectedId) ?? servers[0] ?? null

  const act = async (fn: () => Promise<unknown>) => {
    setActionError(null)
    try {
      await fn()
    } catch (e) {
      setActionError(e instanceof Error ? e.message : String(e))
    }
  }

  return (
    <section className="app-settings tool-servers" aria-labelledby="settings-tools-title">
      <h2 id="settings-tools-title">Tool servers</h2>
      <p className="muted small">
        Model Context Protocol servers whose tools a model may call in Text. A server runs only when you
        connect it here.
      </p>
      <ErrorBanner what="Could not load tool servers">{error}</ErrorBanner>
      <div className="settings-body">
        <nav className="profile-list" aria-label="Tool servers">
          <ul>
            {servers.map((s) => (
              <li key={s.id}>
                <button
                  className={`profile-item${selected?.id === s.id ? ' selected' : ''}`}
                  aria-current={selected?.id === s.id ? 'true' : undefined}
                  onClick={() => {
                    setSelectedId(s.id)
                    setMode({ kind: 'view' })
                    setConfirmRemove(false)
                  }}
                >
                  <span className="profile-name">{s.name}</span>
                  <span className="profile-url">
                    {s.connection.transport === 'stdio' ? commandLine(s.connection) : s.connection.url}
                  </span>
                  <span className="badges">
                    <span className={`badge tool-status-${s.state.status}`}>
                      {STATUS_WORDS[s.state.status]}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <button className="primary" onClick={() => setMode({ kind: 'new' })}>
            New tool server
          </button>
          {!loaded && <p className="muted">Loading…</p>}
          {loaded && servers.length === 0 && <p className="muted small">No tool servers yet.</p>}
        </nav>
        <div className="profile-detail">
          <ErrorBanner>{actionError}</ErrorBanner>
          {mode.kind === 'new' && (
            <ToolServerEditor
              initial={null}
              onCancel={() => setMode({ kind: 'view' })}
              onSave={async (fields) => {
                const created = await put(undefined, fields)
                setSelectedId(created.id)
                setMode({ kind: 'view' })
              }}
            />
          )}
          {mode.kind === 'edit' && selected && (
            <ToolServerEditor
              key={selected.id}
              initial={selected}
              onCancel={() => setMode({ kind: 'view' })}
              onSave={async (fields) => {
                await put(selected.id, fields)
                setMode({ kind: 'view' })
              }}
            />
          )}
          {mode.kind === 'view' && selected && (
            <div className="profile-card" data-testid="tool-server-card">
              <h3>{selected.name}</h3>
              <ServerFacts server={selected} />
              <div className="actions">
                {selected.state.status === 'connected' || selected.state.status === 'connecting' ? (
                  <button onClick={() => act(() => disconnect(selected.id))}>Disconnect</button>
                ) : (
                  <button className="primary" onClick={() => act(() => connect(selected.id))}>
                    Connect
                  </button>
                )}
                {selected.state.stale && (
                  <button
                    onClick={() =>
                      act(async () => {
                        await disconnect(selected.id)
                        await connect(selected.id)
                      })
                    }
                  >
                    Reconnect to apply changes
                  </button>
                )}
                <button onClick={() => setMode({ kind: 'edit' })}>Edit</button>
                {confirmRemove ? (
                  <>
                    <button
                      className="danger"
                      onClick={() =>
                        act(async () => {
                          await remove(selected.id)
                          setSelectedId(null)
                          setConfirmRemove(false)
                        })
                      }
                    >
                      Remove {selected.name}
                    </button>
                    <button onClick={() => setConfirmRemove(false)}>Keep it</button>
                  </>
                ) : (
                  <button onClick={() => setConfirmRemove(true)}>Remove…</button>
                )}
              </div>
              <ToolServerTools server={selected} />
            </div>
          )}
        </div>
      </div>
    </section>
  )
}

function ServerFacts({ server }: { server: ToolServerView }) {
  const c = server.connection
  const st = server.state
  return (
    <dl className="tool-server-facts">
      {c.transport === 'stdio' ? (
        <>
          <dt>Runs</dt>
          <dd>
            <code data-testid="tool-server-command">{commandLine(c)}</code>
            {c.cwd && <span className="muted small"> in {c.cwd}</span>}
          </dd>
          {c.env.length > 0 && (
            <>
              <dt>Environment</dt>
              <dd>
                {c.env.map((e) => (
                  <code key={e.name} className="tool-server-var">
                    {e.name}={e.secret ? (e.configured ? `secret (${e.hint})` : 'secret, not set') : e.value}
                  </code>
                ))}
              </dd>
            </>
          )}
        </>
      ) : (
        <>
          <dt>URL</dt>
          <dd>
            <code>{c.url}</code>
            {c.sseFallback && <span className="muted small"> (legacy SSE as fallback)</span>}
          </dd>
        </>
      )}
      <dt>Status</dt>
      <dd data-testid="tool-server-status">
        {STATUS_WORDS[st.status]}
        {st.via &&
          ` over ${st.via === 'streamable-http' ? 'Streamable HTTP' : st.via === 'sse' ? 'legacy SSE' : 'stdio'}`}
        {st.server && ` · ${st.server.title ?? st.server.name} ${st.server.version}`}
        {st.pid !== undefined && ` · process ${st.pid}`}
        {st.counts &&
          ` · ${st.counts.tools} tools, ${st.counts.resources} resources, ${st.counts.prompts} prompts`}
        {st.counts?.truncated.length ? ` (only the first 1,000 ${st.counts.truncated.join(', ')} kept)` : ''}
        {st.stale && ' · settings changed: reconnect to apply them'}
      </dd>
      {st.error && (
        <>
          <dt>Why</dt>
          <dd>
            <pre className="tool-server-error" role="alert">
              {st.error}
            </pre>
          </dd>
        </>
      )}
    </dl>
  )
}
