import { describe, expect, it } from 'vitest'
import { classifyAddress, ResultUrlPolicy } from './resultUrlPolicy'

describe('classifyAddress', () => {
  it('names every address that is not public, in IPv4, IPv6 and IPv4 carried in IPv6', () => {
    const table: [string, string][] = [
      ['8.8.8.8', 'public'],
      ['2606:4700:4700::1111', 'public'],
      ['127.0.0.1', 'loopback'],
      ['127.255.0.9', 'loopback'],
      ['::1', 'loopback'],
      ['[::1]', 'loopback'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:7f00:1', 'loopback'],
      ['64:ff9b::7f00:1', 'loopback'],
      ['2002:7f00:1::', 'loopback'],
      ['10.1.2.3', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.1.1', 'private'],
      ['100.64.0.1', 'private'],
      ['fd12:3456::1', 'private'],
      ['169.254.1.1', 'link-local'],
      ['fe80::1%eth0', 'link-local'],
      ['169.254.169.254', 'metadata'],
      ['::ffff:169.254.169.254', 'metadata'],
      ['fd00:ec2::254', 'metadata'],
      ['100.100.100.200', 'metadata'],
      ['168.63.129.16', 'metadata'],
      ['0.0.0.0', 'reserved'],
      ['::', 'reserved'],
      ['224.0.0.1', 'reserved'],
      ['255.255.255.255', 'reserved'],
      ['not an address', 'reserved'],
    ]
    expect(table.map(([ip]) => [ip, classifyAddress(ip)])).toEqual(table)
  })
})

describe('ResultUrlPolicy', () => {
  const policy = new ResultUrlPolicy({
    origins: ['http://127.0.0.1:8080', 'https://console.example.com', ''],
    allowedHosts: ['cdn.internal', '10.0.0.5:9000', '[fd00::7]'],
    resolve: async (host) =>
      ({
        'metadata.google.internal': ['169.254.169.254'],
        'public.example': ['93.184.216.34'],
        mixed: ['93.184.216.34', '10.0.0.1'],
      })[host] ?? Promise.reject(new Error('ENOTFOUND')),
  })
  const check = (url: string) =>
    policy.check(new URL(url)).then(
      () => 'fetched',
      (e: Error) => e.message,
    )

  it("allows the gateway's own origins and the hosts the user allowed, at any address", async () => {
    expect(await check('http://127.0.0.1:8080/media/v.mp4')).toBe('fetched')
    expect(await check('https://console.example.com/x.png')).toBe('fetched')
    expect(await check('http://cdn.internal:1234/v.mp4')).toBe('fetched')
    expect(await check('http://10.0.0.5:9000/v.mp4')).toBe('fetched')
    expect(await check('http://[fd00::7]/v.mp4')).toBe('fetched')
    expect(await check('https://public.example/v.mp4')).toBe('fetched')
  })

  it('refuses another port of the gateway, private and metadata addresses by name or number, and other schemes', async () => {
    expect(await check('http://127.0.0.1:8081/')).toMatch(/127\.0\.0\.1:8081 is a loopback address/)
    expect(await check('http://0x7f.1:8080/')).toBe('fetched')
    expect(await check('http://2130706433:22/')).toMatch(/loopback/)
    expect(await check('http://10.0.0.5:9001/')).toMatch(/10\.0\.0\.5:9001 is a private address/)
    expect(await check('http://metadata.google.internal/computeMetadata/v1/')).toMatch(
      /metadata\.google\.internal \(169\.254\.169\.254\) is a metadata address/,
    )
    expect(await check('http://mixed/')).toMatch(/mixed \(10\.0\.0\.1\) is a private address/)
    expect(await check('http://[::ffff:192.168.0.1]/')).toMatch(/private/)
    expect(await check('file:///etc/passwd')).toMatch(/file: URLs are not fetched/)
    // A name that does not resolve is the request's to fail, as a network error.
    expect(await check('http://nowhere.invalid/')).toBe('fetched')
  })
})
