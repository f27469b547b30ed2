// The profile editor's network part: the proxy (none, the system's, HTTP(S) with CONNECT, SOCKS5) and its bypass
// list, the extra trust (a CA file, a client certificate; their keys and the proxy password are secrets saved on
// the profile's page), the connect timeout, the retry policy, and the app's own headers with a box each to stop
// sending it. Files are read here as text and sent only when the user picked a new one.
import { useId } from 'react'
import { APP_HEADER_NAMES, PROXY_MODES, type ProxyMode } from '../../../../shared/ipc/profileNetwork'
import type { ProfileView } from '../../../../shared/ipc/profiles'

export interface NetworkDraft {
  mode: ProxyMode
  url: string
  username: string
  bypass: string
  /** A CA file picked now (null: keep the profile's; '' removes it). */
  caPem: string | null
  caName: string
  clientCertPem: string | null
  clientCertName: string
  connectS: string
  statuses: string
  retries: string
  maxWaitS: string
  removed: string[]
}

export function networkDraft(p: ProfileView | null): NetworkDraft {
  return {
    mode: p?.proxy.mode ?? 'none',
    url: p?.proxy.url ?? '',
    username: p?.proxy.username ?? '',
    bypass: (p?.proxy.bypass ?? []).join('\n'),
    caPem: null,
    caName: p?.tls.caName ?? '',
    clientCertPem: null,
    clientCertName: p?.tls.clientCert ? p.tls.clientCert.subject : '',
    connectS: String((p?.connectTimeoutMs ?? 10_000) / 1000),
    statuses: (p?.retry.statuses ?? [408, 409, 429, 500, 502, 503, 504, 529]).join(', '),
    retries: String(p?.retry.maxRetries ?? 2),
    maxWaitS: String((p?.retry.maxWaitMs ?? 60_000) / 1000),
    removed: p?.removedHeaders ?? [],
  }
}

/** The draft as the contract's fields (checked by the same schema main uses). */
export function networkFields(d: NetworkDraft) {
  return {
    proxy: {
      mode: d.mode,
      url: d.mode === 'http' || d.mode === 'socks5' ? d.url.trim() : '',
      username: d.mode === 'none' ? '' : d.username.trim(),
      bypass: d.bypass
        .split(/[\n,]+/)
        .map((b) => b.trim())
        .filter(Boolean),
    },
    tls: { caPem: d.caPem, caName: d.caName, clientCertPem: d.clientCertPem },
    connectTimeoutMs: Math.round(Number(d.connectS) * 1000),
    retry: {
      statuses: d.statuses
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((s) => (/^\d+$/.test(s) ? Number(s) : NaN)),
      maxRetries: /^\d+$/.test(d.retries.trim()) ? Number(d.retries) : NaN,
      maxWaitMs: Math.round(Number(d.maxWaitS) * 1000),
    },
    removedHeaders: d.removed,
  }
}

const MODE_LABEL: Record<ProxyMode, string> = {
  none: 'No proxy (direct)',
  system: "The system's proxy",
  http: 'HTTP(S) proxy',
  socks5: 'SOCKS5 proxy',
}

const MAX_PEM_BYTES = 192 * 1024

interface Props {
  draft: NetworkDraft
  onChange(next: NetworkDraft): void
  field(key: string): Record<string, unknown>
  error(key: string): React.ReactNode
  onFileError(message: string | null): void
}

export function NetworkFields({ draft: d, onChange, field, error, onFileError }: Props) {
  const id = useId()
  const set = (patch: Partial<NetworkDraft>) => onChange({ ...d, ...patch })
  const readPem = (file: File | undefined, then: (text: string, name: string) => void) => {
    if (!file) return
    if (file.size > MAX_PEM_BYTES) {
      onFileError(`${file.name} is ${Math.round(file.size / 1024)} KB; a certificate file is at most 192 KB.`)
      return
    }
    onFileError(null)
    void file.text().then((text) => then(text, file.name))
  }
  const proxied = d.mode === 'http' || d.mode === 'socks5'
  return (
    <>
      <fieldset className="network-fields" aria-label="Proxy">
        <legend>Proxy</legend>
        <div className="row">
          <label>
            Connect through
            <select value={d.mode} onChange={(e) => set({ mode: e.target.value as ProxyMode })}>
              {PROXY_MODES.map((m) => (
                <option key={m} value={m}>
                  {MODE_LABEL[m]}
                </option>
              ))}
            </select>
          </label>
          {proxied && (
            <label className="grow">
              Proxy address
              <input
                value={d.url}
                onChange={(e) => set({ url: e.target.value })}
                placeholder={d.mode === 'http' ? 'http://proxy.example.com:3128' : 'socks5://127.0.0.1:1080'}
                spellCheck={false}
                {...field('proxy.url')}
              />
              {error('proxy.url')}
            </label>
          )}
          {d.mode !== 'none' && (
            <label>
              Proxy user name
              <input
                value={d.username}
                onChange={(e) => set({ username: e.target.value })}
                placeholder="none"
                autoComplete="off"
                spellCheck={false}
                {...field('proxy.username')}
              />
              {error('proxy.username')}
            </label>
          )}
        </div>
        {d.mode === 'system' && (
          <p className="muted small">
            Each call asks the system which proxy to use for its URL (in the desktop app as the browser does;
            in browser mode from HTTPS_PROXY, HTTP_PROXY and NO_PROXY).
          </p>
        )}
        {proxied && (
          <label>
            Reach these hosts directly (one a line: example.com, *.example.com, 10.0.0.0/8, &lt;local&gt;)
            <textarea
              rows={2}
              value={d.bypass}
              onChange={(e) => set({ bypass: e.target.value })}
              placeholder="A named proxy carries every call, 127.0.0.1 and localhost included, unless listed here"
              spellCheck={false}
              {...field('proxy.bypass')}
            />
            {error('proxy.bypass')}
          </label>
        )}
        {d.mode !== 'none' && (
          <p className="muted small">The proxy password is a secret: save it on the profile&apos;s page.</p>
        )}
      </fieldset>
      <fieldset className="network-fields" aria-label="Certificates">
        <legend>Certificates</legend>
        <div className="file-row">
          <label htmlFor={`${id}-ca`}>Extra CA certificates (PEM)</label>
          <span className="file-name" data-testid="ca-file-name">
            {d.caPem === '' || !d.caName ? 'none (the system’s CAs only)' : d.caName}
          </span>
          <input
            id={`${id}-ca`}
            type="file"
            accept=".pem,.crt,.cer,.txt"
            onChange={(e) => readPem(e.target.files?.[0], (text, name) => set({ caPem: text, caName: name }))}
          />
          {d.caName && d.caPem !== '' && (
            <button type="button" className="ghost" onClick={() => set({ caPem: '', caName: '' })}>
              Remove CA file
            </button>
          )}
          {error('tls.caPem')}
        </div>
        <div className="file-row">
          <label htmlFor={`${id}-client`}>Client certificate for mTLS (PEM)</label>
          <span className="file-name">
            {d.clientCertPem === '' || !d.clientCertName ? 'none' : d.clientCertName}
          </span>
          <input
            id={`${id}-client`}
            type="file"
            accept=".pem,.crt,.cer,.txt"
            onChange={(e) =>
              readPem(e.target.files?.[0], (text, name) => set({ clientCertPem: text, clientCertName: name }))
            }
          />
          {d.clientCertName && d.clientCertPem !== '' && (
            <button
              type="button"
              className="ghost"
              onClick={() => set({ clientCertPem: '', clientCertName: '' })}
            >
              Remove client certificate
            </button>
          )}
          {error('tls.clientCertPem')}
        </div>
      </fieldset>
      <fieldset className="network-fields" aria-label="Timeouts and retries">
        <legend>Connect timeout and retries</legend>
        <div className="row">
          <label>
            Connect timeout (s)
            <input
              inputMode="decimal"
              value={d.connectS}
              onChange={(e) => set({ connectS: e.target.value })}
              {...field('connectTimeoutMs')}
            />
            {error('connectTimeoutMs')}
          </label>
          <label className="grow">
            Retry these statuses
            <input
              value={d.statuses}
              onChange={(e) => set({ statuses: e.target.value })}
              {...field('retry.statuses')}
            />
            {error('retry.statuses')}
          </label>
          <label>
            Retries
            <input
              inputMode="numeric"
              value={d.retries}
              onChange={(e) => set({ retries: e.target.value })}
              {...field('retry.maxRetries')}
            />
            {error('retry.maxRetries')}
          </label>
          <label>
            Longest wait honoured (s)
            <input
              inputMode="decimal"
              value={d.maxWaitS}
              onChange={(e) => set({ maxWaitS: e.target.value })}
              {...field('retry.maxWaitMs')}
            />
            {error('retry.maxWaitMs')}
          </label>
        </div>
        <p className="muted small">
          Retries happen only before the first byte of an answer, and for connection errors; a server asking
          for a longer wait than this is shown, not slept through.
        </p>
      </fieldset>
      <fieldset className="network-fields" aria-label="Headers the app adds">
        <legend>Headers the app adds by itself</legend>
        <p className="muted small">
          Untick one to stop sending it; a header of yours below with the same name replaces it.
        </p>
        <div className="app-headers">
          {APP_HEADER_NAMES.map((name) => (
            <label key={name} className="check">
              <input
                type="checkbox"
                checked={!d.removed.includes(name)}
                onChange={(e) =>
                  set({
                    removed: e.target.checked ? d.removed.filter((x) => x !== name) : [...d.removed, name],
                  })
                }
              />
              <code>{name}</code>
            </label>
          ))}
        </div>
      </fieldset>
    </>
  )
}
