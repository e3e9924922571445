import { describe, expect, it } from 'vitest';
import { isMeteredConnection } from './connection';

describe('whether saving asks first', () => {
  it('asks with Save-Data, on a mobile connection and on 2G', () => {
    expect(isMeteredConnection({ saveData: true, type: 'wifi', effectiveType: '4g' })).toBe(true);
    expect(isMeteredConnection({ type: 'cellular', effectiveType: '4g' })).toBe(true);
    expect(isMeteredConnection({ effectiveType: '2g' })).toBe(true);
    expect(isMeteredConnection({ effectiveType: 'slow-2g' })).toBe(true);
  });

  it('does not ask on Wi-Fi, on a fast connection, or where the browser says nothing', () => {
    expect(isMeteredConnection({ saveData: false, type: 'wifi', effectiveType: '4g' })).toBe(false);
    expect(isMeteredConnection({ effectiveType: '3g' })).toBe(false);
    expect(isMeteredConnection(undefined)).toBe(false);
  });
});
