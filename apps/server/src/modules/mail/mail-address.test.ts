import { describe, expect, it } from 'vitest';
import { maskMailAddress, parseMailAddress } from './mail-address.js';

describe('parseMailAddress', () => {
  it.each([
    ['reader@example.com', 'reader@example.com'],
    ['  Reader.Name+tag@Example.COM  ', 'Reader.Name+tag@example.com'],
    ["o'brien@example.co.uk", "o'brien@example.co.uk"],
    ['léa@bücher.example', 'léa@xn--bcher-kva.example'],
    ['用户@例子.广告', '用户@xn--fsqu00a.xn--4rr70v'],
    ['a@b.co', 'a@b.co'],
    [`${'x'.repeat(64)}@example.com`, `${'x'.repeat(64)}@example.com`],
  ])('accepts %j as %j', (raw, address) => {
    expect(parseMailAddress(raw)).toEqual({ address, key: address.toLowerCase() });
  });

  it('composes a decomposed local part (NFC) so one address has one key', () => {
    const decomposed = 'le\u0301a@example.com';
    expect(parseMailAddress(decomposed)?.address).toBe('l\u00e9a@example.com');
  });

  const bad: Array<[string, string]> = [
    ['empty', ''],
    ['spaces only', '   '],
    ['no @', 'reader.example.com'],
    ['two @', 'a@b@example.com'],
    ['empty local part', '@example.com'],
    ['empty domain', 'reader@'],
    ['no dot in the domain', 'reader@localhost'],
    ['IPv4 literal', 'reader@[192.0.2.1]'],
    ['IPv6 literal', 'reader@[IPv6:2001:db8::1]'],
    ['bare IPv4 domain', 'reader@192.0.2.1'],
    ['hex IPv4 domain', 'reader@0x7f.1'],
    ['numeric top-level label', 'reader@example.123'],
    ['quoted local part', '"reader"@example.com'],
    ['quoted local part with space', '"a b"@example.com'],
    ['CR LF header injection', 'reader@example.com\r\nBcc: victim@example.org'],
    ['LF alone', 'reader@example.com\nBcc: x@y.zz'],
    ['CR in local part', 're\rader@example.com'],
    ['NUL', 'reader\u0000@example.com'],
    ['tab', 'rea\tder@example.com'],
    ['C1 control (NEL)', 'reader\u0085@example.com'],
    ['line separator', 'reader@example.com\u2028'],
    ['DEL', 'reader\u007f@example.com'],
    ['inner space', 'rea der@example.com'],
    ['comma (two addresses)', 'a@example.com,b@example.com'],
    ['semicolon', 'a@example.com;b@example.com'],
    ['angle brackets', 'Reader <reader@example.com>'],
    ['parentheses (comment)', 'reader(comment)@example.com'],
    ['backslash', 'rea\\der@example.com'],
    ['leading dot', '.reader@example.com'],
    ['trailing dot in local part', 'reader.@example.com'],
    ['double dot', 're..ader@example.com'],
    ['trailing dot in domain', 'reader@example.com.'],
    ['empty domain label', 'reader@example..com'],
    ['label starting with a hyphen', 'reader@-example.com'],
    ['label ending with a hyphen', 'reader@example-.com'],
    ['underscore in domain', 'reader@exa_mple.com'],
    ['port', 'reader@example.com:25'],
    ['path', 'reader@example.com/x'],
    ['local part over 64', `${'x'.repeat(65)}@example.com`],
    ['local part over 64 octets in UTF-8', `${'é'.repeat(33)}@example.com`],
    ['label over 63', `reader@${'a'.repeat(64)}.com`],
    ['address over 254', `reader@${Array.from({ length: 5 }, () => 'a'.repeat(60)).join('.')}.com`],
    ['huge input', `${'a'.repeat(5000)}@example.com`],
  ];
  it.each(bad)('refuses %s', (_name, raw) => {
    expect(parseMailAddress(raw)).toBeNull();
  });

  it('masks an address for logs and audit entries', () => {
    expect(maskMailAddress('reader@example.com')).toBe('r•••@example.com');
    expect(maskMailAddress('用户@example.com')).toBe('用•••@example.com');
  });
});
