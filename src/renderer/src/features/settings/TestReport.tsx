// Test connection's report: the headline a person can act on, the way the call went (direct, or which proxy and
// why), each step with its time (lookup, connect, the proxy's tunnel, TLS, the request), what TLS said with the
// certificate the server showed, and, when no CA vouches for that certificate, the choice to accept exactly it.
import type { ConnectionReport } from '../../../../shared/ipc/profiles'

const PROBLEM_TITLES: Record<NonNullable<ConnectionReport['problem']>, string> = {
  'no-key': 'No key saved',
  unreachable: 'Not reachable',
  'key-refused': 'Key refused',
  proxy: 'The proxy refused',
  tls: 'Certificate problem',
}

const ROUTE_WORDS: Record<NonNullable<ConnectionReport['path']>['route'], string> = {
  direct: 'Direct',
  'http-proxy': 'Through an HTTP proxy',
  'https-proxy': 'Through an HTTPS proxy',
  socks5: 'Through a SOCKS5 proxy',
}

const TLS_WORDS = {
  verified: 'Certificate verified',
  pinned: 'The accepted certificate (pinned)',
  failed: 'Refused',
}

interface Props {
  report: ConnectionReport
  canTrust: boolean
  onTrust(fingerprint: string): void
}

export function TestReport({ report, canTrust, onTrust }: Props) {
  const good = report.reachable && report.authAccepted === true
  const tls = report.tls
  const acceptable = canTrust && tls?.failure?.kind === 'unknown-ca' && tls.certificate
  return (
    <div className={`test-report ${good ? 'good' : 'bad'}`} role="status" data-testid="test-report">
      <strong>
        {good
          ? 'Connected'
          : report.problem
            ? PROBLEM_TITLES[report.problem]
            : report.reachable
              ? 'Reachable, with a problem'
              : 'Not reachable'}
      </strong>
      <span>{report.message}</span>
      {report.latencyMs !== null && <span>Latency {report.latencyMs} ms</span>}
      {report.detail && <small className="detail mono">{report.detail}</small>}
      {report.path && (
        <span data-testid="test-path">
          Path: {ROUTE_WORDS[report.path.route]}
          {report.path.proxy && (
            <>
              {' '}
              <code>{report.path.proxy}</code>
            </>
          )}{' '}
          <span className="muted small">({report.path.reason})</span>
        </span>
      )}
      {report.steps && report.steps.length > 0 && (
        <ol className="test-steps" aria-label="Steps">
          {report.steps.map((s, i) => (
            <li key={i} className={s.ok ? 'ok' : 'failed'}>
              <span className="step-mark" aria-hidden>
                {s.ok ? '✓' : '✗'}
              </span>
              <span>{s.label}</span>
              <span className="mono">{s.ms === null ? '' : `${s.ms} ms`}</span>
              <span className="muted small">{s.detail}</span>
            </li>
          ))}
        </ol>
      )}
      {tls && (
        <div className="test-tls" data-testid="test-tls">
          <span>
            TLS: <strong>{TLS_WORDS[tls.outcome]}</strong>
            {tls.protocol && <span className="muted small"> ({tls.protocol})</span>}
            {tls.clientCertSent && <span className="muted small">, client certificate sent</span>}
          </span>
          {tls.failure && <span>{tls.failure.words}</span>}
          {tls.certificate && (
            <dl className="cert-facts">
              <dt>Subject</dt>
              <dd>{tls.certificate.subject}</dd>
              <dt>Issued by</dt>
              <dd>{tls.certificate.selfSigned ? 'itself (self-signed)' : tls.certificate.issuer}</dd>
              <dt>Valid</dt>
              <dd>
                {tls.certificate.validFrom} to {tls.certificate.validTo}
              </dd>
              <dt>Names</dt>
              <dd className="mono">{tls.certificate.altNames || 'none'}</dd>
              <dt>SHA-256</dt>
              <dd className="mono fingerprint">{tls.certificate.fingerprint256}</dd>
            </dl>
          )}
          {acceptable && (
            <div className="warn-banner">
              Only accept it if you know this is your gateway&apos;s certificate (compare the SHA-256 with the
              one its administrator gave you). The profile will then trust exactly this certificate, and say
              so on its page.
              <button type="button" onClick={() => onTrust(tls.certificate!.fingerprint256)}>
                Accept this certificate for this profile
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  )
}
