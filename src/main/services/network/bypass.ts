// Which hosts go around a proxy: a profile's bypass list, and the NO_PROXY variable the system proxy follows in
// browser mode and the command line. One syntax for both: `host`, `*.example.com` / `.example.com` (the domain
// and its subdomains), `host:port`, an IPv4 range `10.0.0.0/8`, `[::1]`, `<local>` (a name without a dot), `*`.
import { isIP } from 'node:net'

/** The entry that sends `url` around the proxy, or null when none does. */
export function bypassEntryFor(entries: readonly string[], url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase()
  const port = url.port || (url.protocol === 'https:' ? '443' : '80')
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase()
    if (entry && matches(entry, host, port)) return raw.trim()
  }
  return null
}

function matches(entry: string, host: string, port: string): boolean {
  if (entry === '*') return true
  if (entry === '<local>') return !host.includes('.') && !host.includes(':')
  const cidr = /^(\d{1,3}(?:\.\d{1,3}){3})\/(\d{1,2})$/.exec(entry)
  if (cidr) return isIP(host) === 4 && inRange(host, cidr[1]!, Number(cidr[2]))
  let name = entry
  let wantPort: string | null = null
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry)
  if (bracketed) {
    name = bracketed[1]!
    wantPort = bracketed[2] ?? null
  } else {
    const withPort = /^(.*):(\d+)$/.exec(entry)
    if (withPort && !withPort[1]!.includes(':')) {
      name = withPort[1]!
      wantPort = withPort[2]!
    }
  }
  if (wantPort !== null && wantPort !== port) return false
  if (name.startsWith('*.')) name = name.slice(1)
  if (name.startsWith('.')) return host === name.slice(1) || host.endsWith(name)
  return host === name
}

function inRange(ip: string, base: string, bits: number): boolean {
  if (bits < 0 || bits > 32) return false
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0
  return (toInt(ip) & mask) >>> 0 === (toInt(base) & mask) >>> 0
}

function toInt(ip: string): number {
  return ip.split('.').reduce((n, part) => ((n << 8) | (Number(part) & 255)) >>> 0, 0)
}

/** NO_PROXY's entries (comma or space separated). */
export function noProxyEntries(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[\s,]+/)
    .map((e) => e.trim())
    .filter(Boolean)
}
