import type { lookup } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { BlockedEndpointError, checkEndpoint, guardedLookup, isPublicAddress } from './push-endpoint-guard.js';

/** IPv6 forms that carry loopback or private IPv4 addresses, which a relay or translator would reach. */
const EMBEDDED_PRIVATE_V6 = [
  '::127.0.0.1', // IPv4-compatible
  '::7f00:1', // the same, as the URL parser writes it
  '::a00:1',
  '::ffff:0:7f00:1', // IPv4-translated (RFC 6145)
  '::ffff:0:127.0.0.1',
  '2002:7f00:1::', // 6to4 of 127.0.0.1
  '2002:a00:1::1', // 6to4 of 10.0.0.1
  '2001::1', // Teredo
  '2001:0:4136:e378:8000:63bf:80ff:fffe', // Teredo to 127.0.0.1 (its client address is the last 32 bits, inverted)
  '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
  '64:ff9b::a9fe:a9fe', // NAT64 of 169.254.169.254
  '64:ff9b:1::a00:1', // local-use NAT64 (RFC 8215)
];

describe('push endpoint guard', () => {
  it('accepts public addresses only', () => {
    for (const address of ['8.8.8.8', '142.250.74.110', '2607:f8b0:4004:800::200e', '2a00:1450:4001:81c::200a', '::ffff:8.8.8.8'])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '127.255.255.254',
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '192.0.2.1',
      '198.18.0.1',
      '240.0.0.1',
      '::',
      '::1',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'fec0::1',
      'ff02::1',
      '100::1',
      '2001:db8::1',
      '3fff::1',
      '5f00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      '::ffff:0:10.0.0.1',
      ...EMBEDDED_PRIVATE_V6,
      'not-an-ip',
      '127.1',
      '0x7f.0.0.1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses plain http, credentials, literal private addresses and names that resolve to them', async () => {
    for (const endpoint of [
      'http://push.example.com/x',
      'https://user:pw@push.example.com/x',
      'https://127.0.0.1/x',
      'https://10.0.0.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://0x7f000001/x',
      'https://localhost/x',
      'ftp://push.example.com/x',
      'not a url',
      ...EMBEDDED_PRIVATE_V6.map((address) => `https://[${address}]/x`),
    ]) {
      await expect(checkEndpoint(endpoint, false), endpoint).rejects.toBeInstanceOf(BlockedEndpointError);
    }
  });

  it('refuses, at delivery, a host name that resolves to a private or embedded-private address, as any answer of a mixed set', async () => {
    const resolvingTo = (addresses: string[]) =>
      ((_host: string, _options: object, callback: (error: null, answers: { address: string; family: number }[]) => void) =>
        callback(
          null,
          addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
        )) as unknown as typeof lookup;
    const connectTo = (addresses: string[], all: boolean) =>
      new Promise<unknown>((resolve, reject) =>
        guardedLookup(false, resolvingTo(addresses))('push.example.com', { all }, (error, address) =>
          error ? reject(error) : resolve(address),
        ),
      );
    for (const address of ['127.0.0.1', '10.1.2.3', '::1', '::ffff:127.0.0.1', ...EMBEDDED_PRIVATE_V6]) {
      await expect(connectTo([address], false), address).rejects.toBeInstanceOf(BlockedEndpointError);
      await expect(connectTo(['142.250.74.110', address], true), address).rejects.toBeInstanceOf(BlockedEndpointError);
    }
    await expect(connectTo(['142.250.74.110'], false)).resolves.toBe('142.250.74.110');
    await expect(connectTo(['2a00:1450:4001:81c::200a'], true)).resolves.toEqual([{ address: '2a00:1450:4001:81c::200a', family: 6 }]);
  });

  it('lets tests use a local http endpoint only with the test setting', async () => {
    await expect(checkEndpoint('http://127.0.0.1:4000/push', true)).resolves.toBeInstanceOf(URL);
    await expect(checkEndpoint('http://127.0.0.1:4000/push', false)).rejects.toBeInstanceOf(BlockedEndpointError);
  });
});
