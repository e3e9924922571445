import { afterEach, describe, expect, it } from 'vitest';
import { shouldSaveData } from './data-saving';

/** Gives the page's navigator the connection a browser would report (jsdom reports none). */
function reportConnection(connection: { saveData?: boolean; effectiveType?: string } | undefined) {
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
}

describe('saving data', () => {
  afterEach(() => reportConnection(undefined));

  it('fetches ahead when the browser reports nothing, or a 3G or 4G connection without the data saver', () => {
    expect(shouldSaveData()).toBe(false);
    reportConnection({ effectiveType: '4g', saveData: false });
    expect(shouldSaveData()).toBe(false);
    reportConnection({ effectiveType: '3g' });
    expect(shouldSaveData()).toBe(false);
  });

  it('fetches nothing ahead with the data saver on, or on a 2G connection', () => {
    reportConnection({ effectiveType: '4g', saveData: true });
    expect(shouldSaveData()).toBe(true);
    reportConnection({ effectiveType: '2g' });
    expect(shouldSaveData()).toBe(true);
    reportConnection({ effectiveType: 'slow-2g' });
    expect(shouldSaveData()).toBe(true);
  });
});
