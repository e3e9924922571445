import { describe, expect, it } from 'vitest';
import { BlockedEndpointError, checkEndpoint, isPublicAddress } from './push-endpoint-guard.js';

describe('push endpoint guard', () => {
  it('accepts public addresses only', () => {
    for (const address of ['8.8.8.8', '142.250.74.110', '2607:f8b0:4004:800::200e', '::ffff:8.8.8.8'])
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
      '::',
      '::1',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:0:10.0.0.1',
      '::127.0.0.1',
      '64:ff9b::a00:1',
      'not-an-ip',
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
      'https://localhost/x',
      'ftp://push.example.com/x',
      'not a url',
    ]) {
      await expect(checkEndpoint(endpoint, false), endpoint).rejects.toBeInstanceOf(BlockedEndpointError);
    }
  });

  it('lets tests use a local http endpoint only with the test setting', async () => {
    await expect(checkEndpoint('http://127.0.0.1:4000/push', true)).resolves.toBeInstanceOf(URL);
    await expect(checkEndpoint('http://127.0.0.1:4000/push', false)).rejects.toBeInstanceOf(BlockedEndpointError);
  });
});
