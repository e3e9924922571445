import { afterEach, describe, expect, it } from 'vitest';
import { chooseDataSaver, isDataSaverChosen, shouldSaveData, wantsLighterImages } from './data-saving';

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

describe('the reader’s data saver switch', () => {
  afterEach(() => chooseDataSaver(false));

  it('is kept in this browser, sent to the server as a cookie, and asks for lighter images and no prefetch', () => {
    expect(isDataSaverChosen()).toBe(false);
    expect(wantsLighterImages()).toBe(false);
    chooseDataSaver(true);
    expect(isDataSaverChosen()).toBe(true);
    expect(window.localStorage.getItem('data-saver')).toBe('on');
    expect(document.cookie).toContain('inkstream-data-saver=on');
    expect(wantsLighterImages()).toBe(true);
    expect(shouldSaveData()).toBe(true);
    chooseDataSaver(false);
    expect(window.localStorage.getItem('data-saver')).toBeNull();
    expect(document.cookie).not.toContain('inkstream-data-saver=on');
    expect(wantsLighterImages()).toBe(false);
  });

  it('follows the browser’s own data saver too', () => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    expect(isDataSaverChosen()).toBe(false);
    expect(wantsLighterImages()).toBe(true);
    Object.defineProperty(navigator, 'connection', { value: undefined, configurable: true });
  });
});
