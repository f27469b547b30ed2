// The path options every command line of the app takes (`npm run check`, `npm run cases`, and the load test):
// `--proxy URL` (http://, https:// or socks5://, credentials allowed in the URL as curl takes them; `system` for
// HTTPS_PROXY / HTTP_PROXY / NO_PROXY), `--proxy-bypass host,…` and `--ca-file FILE`, read into a profile's
// network fields and its proxy password, so a command line goes exactly the way a profile would.
import { readFileSync } from 'node:fs'
import type { ProfileFieldsInput } from '../../../shared/ipc/profiles'
import { parseProxyUrl } from './routes'

export const NETWORK_ARG_OPTIONS = {
  proxy: { type: 'string' },
  'proxy-bypass': { type: 'string', multiple: true },
  'ca-file': { type: 'string' },
} as const

export const NETWORK_USAGE = `  --proxy <url>        send every call through a proxy: http://host:port, https://host:port or
                       socks5://host:port (user:password@ before the host when it asks for them), or
                       "system" for HTTPS_PROXY / HTTP_PROXY / NO_PROXY. A named proxy carries loopback too.
  --proxy-bypass <h,…> hosts reached directly despite --proxy (example.com, *.example.com, 10.0.0.0/8)
  --ca-file <file>     trust the CA certificates in this PEM file beside the system's`

export interface NetworkArgs {
  fields: Pick<ProfileFieldsInput, 'proxy' | 'tls'>
  proxyPassword: string | null
}

export function parseNetworkArgs(
  values: { proxy?: string; 'proxy-bypass'?: string[]; 'ca-file'?: string },
  readFile: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): { ok: true; network: NetworkArgs } | { ok: false; message: string } {
  const bypass = (values['proxy-bypass'] ?? [])
    .flatMap((b) => b.split(','))
    .map((b) => b.trim())
    .filter(Boolean)
  let proxy: NonNullable<ProfileFieldsInput['proxy']> = { mode: 'none', url: '', username: '', bypass }
  let proxyPassword: string | null = null
  const given = values.proxy?.trim()
  if (given === 'system') proxy = { ...proxy, mode: 'system' }
  else if (given) {
    const parsed = parseProxyUrl(given)
    if (!parsed || !/^(https?|socks5h?|socks):\/\//i.test(given))
      return {
        ok: false,
        message: `--proxy "${redacted(given)}": write http://host:port, https://host:port or socks5://host:port`,
      }
    const scheme = parsed.protocol === 'socks5:' ? 'socks5' : parsed.protocol.slice(0, -1)
    proxy = {
      mode: parsed.protocol === 'socks5:' ? 'socks5' : 'http',
      url: `${scheme}://${parsed.host.includes(':') ? `[${parsed.host}]` : parsed.host}:${parsed.port}`,
      username: parsed.username,
      bypass,
    }
    proxyPassword = parsed.password || null
  }
  let caPem: string | null = null
  let caName = ''
  const caFile = values['ca-file']
  if (caFile !== undefined) {
    try {
      caPem = readFile(caFile)
    } catch (error) {
      const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message
      return { ok: false, message: `--ca-file: cannot read ${caFile}: ${why}` }
    }
    if (!/-----BEGIN CERTIFICATE-----/.test(caPem))
      return {
        ok: false,
        message: `--ca-file: ${caFile} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`,
      }
    caName = caFile
  }
  return {
    ok: true,
    network: { fields: { proxy, tls: { caPem, caName, clientCertPem: null } }, proxyPassword },
  }
}

/** A proxy URL as it may be printed: its password masked. */
function redacted(text: string): string {
  return text.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@')
}
