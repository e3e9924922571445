import { afterEach, describe, expect, it, vi } from 'vitest';
import { isOffline, reportReachable, reportUnreachable } from './online';

describe('online state', () => {
  afterEach(() => {
    reportReachable();
    vi.restoreAllMocks();
  });

  it('is offline when the browser says so, whatever the calls did', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(isOffline()).toBe(true);
  });

  it('is offline after a call failed at the network although the browser says online, until a call is answered', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    expect(isOffline()).toBe(false);
    reportUnreachable();
    expect(isOffline()).toBe(true);
    reportReachable();
    expect(isOffline()).toBe(false);
  });

  it('is online again when the browser reports the connection back', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    reportUnreachable();
    window.dispatchEvent(new Event('online'));
    expect(isOffline()).toBe(false);
  });
});
