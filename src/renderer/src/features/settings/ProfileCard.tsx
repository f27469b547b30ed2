// One profile's page: where its calls go and the whole way there (the proxy, what it trusts, an accepted
// certificate shown loudly, the timeouts and retries), every header a call carries with who adds it, its
// write-only secrets (API key, console token, proxy password, client key), and Test connection's report.
import type { ProfileView, SecretKind, ConnectionReport } from '../../../../shared/ipc/profiles'
import { APP_HEADER_NAMES } from '../../../../shared/ipc/profileNetwork'
import { SecretField } from './SecretField'
import { TestReport } from './TestReport'

interface DetailProps {
  profile: ProfileView
  active: boolean
  test: ConnectionReport | 'running' | undefined
  confirmDelete: boolean
  onEdit(): void
  onDuplicate(): void
  onDelete(): void
  onCancelDelete(): void
  onActivate(): void
  onTest(): void
  onSecret(kind: SecretKind, value: string | null): Promise<void>
  /** Accept (a fingerprint) or forget (null) the certificate no CA vouches for. */
  onTrust(fingerprint: string | null): void
}

const PROXY_WORDS: Record<ProfileView['proxy']['mode'], string> = {
  none: 'none: calls go direct',
  system: "the system's proxy, asked per URL",
  http: 'HTTP(S) proxy',
  socks5: 'SOCKS5 proxy',
}

/** What each app header carries for this profile (values a person can check without seeing a key). */
function appHeaderValue(p: ProfileView, name: string): string {
  switch (name) {
    case 'user-agent':
      return 'gateway-playground/<version>'
    case 'accept':
      return 'text/event-stream (streams) or application/json'
    case 'content-type':
      return 'application/json (calls with a body)'
    case 'authorization':
      return 'Bearer *** (the API key; the console token on console calls)'
    case 'x-vendor-api-key':
      return p.nativeAuth === 'header'
        ? '*** (native endpoints)'
        : 'not used: native endpoints send ' + p.nativeAuth
    case 'anthropic-version':
      return '2023-06-01 (messages format)'
    default:
      return ''
  }
}

export function ProfileDetail(props: DetailProps) {
  const { profile: p } = props
  const own = new Set(p.headers.map((h) => h.name.toLowerCase()))
  return (
    <article className="profile-card" aria-label={`Profile ${p.name}`}>
      <h2>
        {p.name} {p.builtIn && <span className="badge synthetic">Synthetic outputs</span>}
      </h2>
      {p.tls.pinned && (
        <div className="warn-banner pinned-cert" role="note" data-testid="pinned-cert">
          <strong>This profile trusts a certificate no CA vouches for.</strong> It accepts exactly the
          certificate of {p.tls.pinned.host} with SHA-256{' '}
          <code className="fingerprint">{p.tls.pinned.fingerprint256}</code> ({p.tls.pinned.subject}, valid to{' '}
          {p.tls.pinned.validTo}); any other certificate is still checked.
          <button type="button" className="small" onClick={() => props.onTrust(null)}>
            Stop trusting it
          </button>
        </div>
      )}
      <dl className="facts">
        <dt>Base URL</dt>
        <dd>
          <code>{p.baseUrl}</code>
          {p.followsSimulator && (
            <span className="muted small" data-testid="follows-simulator">
              {' '}
              follows the Local simulator (its address and key change with every launch)
            </span>
          )}
        </dd>
        <dt>Console base URL</dt>
        <dd>{p.consoleBaseUrl ? <code>{p.consoleBaseUrl}</code> : <span className="muted">not set</span>}</dd>
        <dt>Native auth</dt>
        <dd>
          {
            {
              bearer: 'Authorization: Bearer',
              header: 'x-vendor-api-key header',
              query: 'key query parameter',
            }[p.nativeAuth]
          }
        </dd>
        <dt>Proxy</dt>
        <dd data-testid="proxy-fact">
          {PROXY_WORDS[p.proxy.mode]}
          {(p.proxy.mode === 'http' || p.proxy.mode === 'socks5') && (
            <>
              {' '}
              <code>{p.proxy.url}</code>
            </>
          )}
          {p.proxy.mode !== 'none' && p.proxy.username && (
            <>
              , user <code>{p.proxy.username}</code>
            </>
          )}
          {p.proxy.bypass.length > 0 && (
            <div className="muted small">
              Direct for:{' '}
              {p.proxy.bypass.map((b) => (
                <code key={b}>{b}</code>
              ))}
            </div>
          )}
        </dd>
        <dt>Trust</dt>
        <dd data-testid="trust-fact">
          {p.tls.caCerts.length === 0 ? (
            <>the system&apos;s CAs{p.tls.pinned && ', and the accepted certificate above'}</>
          ) : (
            <>
              the system&apos;s CAs and {p.tls.caCerts.length} from <code>{p.tls.caName}</code>
              {p.tls.caCerts.slice(0, 3).map((c) => (
                <div key={c.fingerprint256} className="muted small">
                  {c.subject}, valid to {c.validTo}
                </div>
              ))}
            </>
          )}
          {p.tls.clientCert && (
            <div>
              Client certificate: {p.tls.clientCert.subject} (valid to {p.tls.clientCert.validTo})
              {!p.secrets.clientKey.configured && <span className="badge warn">its key is not saved</span>}
            </div>
          )}
        </dd>
        <dt>Timeouts</dt>
        <dd>
          connect {p.connectTimeoutMs / 1000} s, first byte {p.timeoutMs / 1000} s, stream idle{' '}
          {p.idleTimeoutMs === null ? 'as the app default' : `${p.idleTimeoutMs / 1000} s`}
        </dd>
        <dt>Retries</dt>
        <dd>
          {p.retry.maxRetries === 0
            ? 'none'
            : `up to ${p.retry.maxRetries}, before the first byte, on ${p.retry.statuses.join(', ')} and connection errors; waits asked for up to ${p.retry.maxWaitMs / 1000} s`}
        </dd>
        <dt>Headers sent</dt>
        <dd>
          <table className="headers-table" data-testid="headers-sent">
            <tbody>
              {APP_HEADER_NAMES.map((name) => {
                const removed = p.removedHeaders.includes(name)
                const replaced = own.has(name)
                return (
                  <tr key={name} className={removed || replaced ? 'off' : ''}>
                    <td>
                      <code>{name}</code>
                    </td>
                    <td className="muted small">
                      {removed
                        ? 'removed by this profile'
                        : replaced
                          ? 'replaced by yours below'
                          : `added by the app: ${appHeaderValue(p, name)}`}
                    </td>
                  </tr>
                )
              })}
              {p.headers.map((h) => (
                <tr key={h.name}>
                  <td>
                    <code>{h.name}</code>
                  </td>
                  <td className="muted small">yours</td>
                </tr>
              ))}
            </tbody>
          </table>
        </dd>
        <dt>Job results from</dt>
        <dd>
          this gateway and public addresses
          {p.resultHosts.map((h) => (
            <span key={h}>
              , <code>{h}</code>
            </span>
          ))}
        </dd>
      </dl>
      <SecretField
        label="API key"
        status={p.secrets.apiKey}
        readOnly={p.builtIn}
        onSave={(v) => props.onSecret('apiKey', v)}
      />
      <SecretField
        label="Console token"
        status={p.secrets.consoleToken}
        readOnly={p.builtIn}
        onSave={(v) => props.onSecret('consoleToken', v)}
      />
      {p.proxy.mode !== 'none' && (
        <SecretField
          label="Proxy password"
          status={p.secrets.proxyPassword}
          readOnly={p.builtIn}
          onSave={(v) => props.onSecret('proxyPassword', v)}
        />
      )}
      {(p.tls.clientCert || p.secrets.clientKey.configured) && (
        <SecretField
          label="Client key"
          status={p.secrets.clientKey}
          readOnly={p.builtIn}
          file={{ accept: '.pem,.key,.txt' }}
          onSave={(v) => props.onSecret('clientKey', v)}
        />
      )}
      <div className="actions">
        {!props.active && (
          <button className="primary" onClick={props.onActivate}>
            Use this profile
          </button>
        )}
        <button onClick={props.onTest} disabled={props.test === 'running'}>
          {props.test === 'running' ? 'Testing…' : 'Test connection'}
        </button>
        {!p.builtIn && <button onClick={props.onEdit}>Edit</button>}
        <button onClick={props.onDuplicate}>Duplicate</button>
        {!p.builtIn && (
          <button className={props.confirmDelete ? 'danger' : ''} onClick={props.onDelete}>
            {props.confirmDelete ? 'Confirm delete' : 'Delete'}
          </button>
        )}
        {props.confirmDelete && <button onClick={props.onCancelDelete}>Keep it</button>}
      </div>
      {props.test && props.test !== 'running' && (
        <TestReport report={props.test} canTrust={!p.builtIn} onTrust={(fp) => props.onTrust(fp)} />
      )}
    </article>
  )
}
