import { describe, expect, it } from 'vitest';
import { StationError } from '../../../src-shared/ipc/envelope';
import { reportPageUrl, requireChromium, waitForReportReady } from './report-pdf';

describe('the report printer', () => {
  it('names what to install when no Chromium is found', () => {
    const error = (() => {
      try {
        requireChromium({}, ['/nonexistent/chromium']);
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(StationError);
    expect(error).toMatchObject({ code: 'STATION_PDF_UNAVAILABLE', message: expect.stringContaining('apt-get install chromium') });
    expect(() => requireChromium({ CHROMIUM_PATH: '/nonexistent/chrome' })).toThrow(
      /CHROMIUM_PATH names "\/nonexistent\/chrome", which does not exist.*apt-get install chromium/,
    );
  });

  it('takes CHROMIUM_PATH, else the first installed candidate', () => {
    expect(requireChromium({ CHROMIUM_PATH: process.execPath })).toBe(process.execPath);
    expect(requireChromium({}, ['/nonexistent/chromium', process.execPath])).toBe(process.execPath);
  });

  it('opens the report route, or the shift summary of a day, in print mode', () => {
    expect(reportPageUrl('http://127.0.0.1:4000/', { page: 'reel', reelId: 'r 1', locale: 'de' })).toBe(
      'http://127.0.0.1:4000/#/report?reel=r+1&print=1&lang=de',
    );
    expect(reportPageUrl('http://127.0.0.1:4000', { page: 'shift', day: '2026-11-26', utcOffsetMinutes: -300, locale: 'en' })).toBe(
      'http://127.0.0.1:4000/#/shift?day=2026-11-26&offset=-300&print=1&lang=en',
    );
  });

  it('waits for the page to say it is ready, and reports the page’s own error', async () => {
    const states = ['', '', 'ready'];
    await waitForReportReady(() => Promise.resolve(states.shift() ?? 'ready'));
    expect(states).toEqual([]);
    await expect(waitForReportReady(() => Promise.resolve('error: No Reel "x"'))).rejects.toThrow('The report page could not show the report: No Reel "x"');
  });
});
