// Where main may fetch a URL a gateway names (a job's hosted video or image, and every redirect on the way), S10:
// at the profile's own gateway origin (scheme, host and port of its base URLs), at a host the user allowed for the
// profile, or at a public address. Loopback, private, link-local, metadata and reserved addresses are refused
// after name resolution, so a local gateway on one port does not open the machine's other ports and a name that
// resolves to 127.0.0.1 or 169.254.169.254 is refused like the address itself. Two checks compose with the
// profile's way out (networkPool.ts): `check()` before each hop is asked for (the only check a proxied hop can
// have: the proxy resolves the name), and `publicOnlyLookup`, the name lookup of every direct connection made for
// a result, so the address checked is the address connected to and a name that answers a public address first
// and a private one later (DNS rebinding) is refused too. A URL the policy exempts goes out as a gateway call.
import { BlockList, isIP, type LookupFunction } from 'node:net'
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'

export type AddressClass = 'public' | 'loopback' | 'private' | 'link-local' | 'metadata' | 'reserved'

/** Why a result URL was not fetched; a refusal, never retried. */
export class ResultUrlRefused extends Error {
  override readonly name = 'ResultUrlRefused'
  readonly code = 'RESULT_URL_REFUSED'
}

const RANGES: [AddressClass, string, number, 'ipv4' | 'ipv6'][] = [
  ['metadata', '169.254.169.254', 32, 'ipv4'], // AWS, GCP, Azure, OpenStack instance metadata
  ['metadata', '168.63.129.16', 32, 'ipv4'], // Azure's platform endpoint
  ['metadata', '100.100.100.200', 32, 'ipv4'], // Alibaba Cloud
  ['metadata', 'fd00:ec2::254', 128, 'ipv6'], // AWS over IPv6
  ['loopback', '127.0.0.0', 8, 'ipv4'],
  ['loopback', '::1', 128, 'ipv6'],
  ['private', '10.0.0.0', 8, 'ipv4'],
  ['private', '172.16.0.0', 12, 'ipv4'],
  ['private', '192.168.0.0', 16, 'ipv4'],
  ['private', '100.64.0.0', 10, 'ipv4'], // carrier-grade NAT, shared address space
  ['private', 'fc00::', 7, 'ipv6'], // unique local
  ['link-local', '169.254.0.0', 16, 'ipv4'],
  ['link-local', 'fe80::', 10, 'ipv6'],
  ['reserved', '0.0.0.0', 8, 'ipv4'],
  ['reserved', '192.0.0.0', 24, 'ipv4'],
  ['reserved', '192.0.2.0', 24, 'ipv4'],
  ['reserved', '198.18.0.0', 15, 'ipv4'],
  ['reserved', '198.51.100.0', 24, 'ipv4'],
  ['reserved', '203.0.113.0', 24, 'ipv4'],
  ['reserved', '224.0.0.0', 3, 'ipv4'], // multicast, class E and broadcast
  ['reserved', '::', 128, 'ipv6'],
  ['reserved', 'ff00::', 8, 'ipv6'],
  ['reserved', '2001:db8::', 32, 'ipv6'],
]

const LISTS = (() => {
  const lists = new Map<AddressClass, BlockList>()
  for (const [kind, network, prefix, family] of RANGES) {
    const list = lists.get(kind) ?? new BlockList()
    list.addSubnet(network, prefix, family)
    lists.set(kind, list)
  }
  return lists
})()

/**
 * The class of an IP address (IPv4, IPv6, IPv4-mapped IPv6). An IPv6 address that carries an IPv4 one (NAT64
 * `64:ff9b::/96`, 6to4 `2002::/16`) is judged by that address. Anything that is not an address is `reserved`.
 */
export function classifyAddress(address: string): AddressClass {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  const family = isIP(ip)
  if (family === 0) return 'reserved'
  if (family === 6) {
    const embedded = embeddedIpv4(ip)
    if (embedded) return classifyAddress(embedded)
  }
  for (const [kind, list] of LISTS) if (list.check(ip, family === 4 ? 'ipv4' : 'ipv6')) return kind
  return 'public'
}

function embeddedIpv4(ip: string): string | null {
  const lower = ip.toLowerCase()
  const words = expandIpv6(lower)
  if (!words) return null
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`
  if (words.slice(0, 5).every((w) => w === 0) && words[5] === 0xffff) return v4(words[6]!, words[7]!)
  if (words[0] === 0x64 && words[1] === 0xff9b && words.slice(2, 6).every((w) => w === 0))
    return v4(words[6]!, words[7]!)
  if (words[0] === 0x2002) return v4(words[1]!, words[2]!)
  return null
}

/** The eight 16-bit words of an IPv6 address (a dotted IPv4 tail included), or null. */
function expandIpv6(ip: string): number[] | null {
  let text = ip
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number]
    text = `${text.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.split('::') as [string, string | undefined]
  const part = (s: string) => (s ? s.split(':').map((w) => parseInt(w, 16)) : [])
  const left = part(head)
  const right = tail === undefined ? [] : part(tail)
  const fill = 8 - left.length - right.length
  if (fill < 0 || (tail === undefined && fill !== 0)) return null
  const words = [...left, ...new Array<number>(fill).fill(0), ...right]
  return words.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff) ? words : null
}

export interface ResultUrlPolicyOptions {
  /** The profile's gateway origins (its base URL's and console base URL's): always allowed. */
  origins: readonly string[]
  /** Hosts the user allowed for this profile: `host` (any port) or `host:port`. */
  allowedHosts?: readonly string[]
  /** Name resolution (tests give their own; the system's otherwise). */
  resolve?: (host: string) => Promise<string[]>
}

const systemResolve = (host: string): Promise<string[]> =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses.map((a) => a.address)),
    ),
  )

export class ResultUrlPolicy {
  private readonly origins: Set<string>
  private readonly hosts: Set<string>
  private readonly resolve: (host: string) => Promise<string[]>

  constructor(options: ResultUrlPolicyOptions) {
    this.origins = new Set(options.origins.flatMap((o) => originOf(o) ?? []))
    this.hosts = new Set((options.allowedHosts ?? []).map((h) => h.trim().toLowerCase()).filter(Boolean))
    this.resolve = options.resolve ?? systemResolve
  }

  /** At the gateway's own origin, or at a host the user allowed: fetched without an address check. */
  exempt(url: URL): boolean {
    if (this.origins.has(url.origin)) return true
    const host = url.hostname.toLowerCase()
    const port = url.port || (url.protocol === 'https:' ? '443' : '80')
    return this.hosts.has(host) || this.hosts.has(`${host}:${port}`)
  }

  /**
   * Refuses a URL the rule does not allow, before any request: a scheme other than http(s), or a host that is
   * (or resolves to) anything but a public address. A name that does not resolve is left to the request, which
   * fails as a network error.
   */
  async check(url: URL): Promise<void> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new ResultUrlRefused(`${url.protocol} URLs are not fetched; only http and https`)
    if (this.exempt(url)) return
    const host = url.hostname.replace(/^\[|\]$/g, '')
    let addresses: string[]
    try {
      addresses = isIP(host) ? [host] : await this.resolve(host)
    } catch {
      return
    }
    for (const address of addresses) refuseUnlessPublic(url.host, url.hostname, address)
  }
}

/** `host` as the URL names it (with its port), `hostname` without the port. */
function refuseUnlessPublic(host: string, hostname: string, address: string): void {
  const kind = classifyAddress(address)
  if (kind === 'public') return
  const named = hostname.replace(/^\[|\]$/g, '') === address ? host : `${host} (${address})`
  throw new ResultUrlRefused(
    `${named} is a ${kind} address outside the gateway's origin; results are fetched only from the gateway ` +
      "itself or public addresses (allow this host in the profile's settings if it is yours)",
  )
}

/**
 * The name lookup of a direct connection made for a result the policy did not exempt: it answers only public
 * addresses, so the check is on the very address the socket opens to. (An address in the URL is not looked up;
 * `check()` has judged it before the request.)
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all === true
  dnsLookup(hostname, { ...(options as object), all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return (callback as (e: Error) => void)(error)
    try {
      for (const a of addresses) refuseUnlessPublic(hostname, hostname, a.address)
    } catch (refusal) {
      return (callback as (e: Error) => void)(refusal as Error)
    }
    if (all) (callback as (e: null, a: LookupAddress[]) => void)(null, addresses)
    else
      (callback as (e: null, a: string, f: number) => void)(null, addresses[0]!.address, addresses[0]!.family)
  })
}

function originOf(url: string): string | null {
  try {
    return url ? new URL(url).origin : null
  } catch {
    return null
  }
}
