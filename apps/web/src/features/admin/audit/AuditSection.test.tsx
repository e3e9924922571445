import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanUpScreen, renderScreen, setUpAdminI18n, stubApi } from '../../../test-support/render-screen';
import { formatDateTime } from '../shell/format';
import { auditChanges } from './audit-changes';
import AuditSection from './AuditSection';

const BOOK = '11111111-1111-4111-8111-111111111111';
const CH1 = '22222222-2222-4222-8222-222222222222';
const CH2 = '33333333-3333-4333-8333-333333333333';
const READER = '44444444-4444-4444-8444-444444444444';
const COMMENT = '55555555-5555-4555-8555-555555555555';

const entry = (id: number, extra: object) => ({
  id,
  actor: 'ops1',
  created_at: '2026-11-24T10:00:00.000Z',
  names: {},
  ...extra,
});

beforeAll(setUpAdminI18n);
afterEach(cleanUpScreen);

describe('audit changes', () => {
  it('flattens before and after into one row per changed field', () => {
    expect(auditChanges({ titles: { 'en-us': 'A' } }, { titles: { 'en-us': 'B' } })).toEqual([
      { path: ['titles', 'en-us'], before: 'A', after: 'B' },
    ]);
    expect(auditChanges(null, { code: 'X', days: 3 })).toEqual([
      { path: ['code'], before: undefined, after: 'X' },
      { path: ['days'], before: undefined, after: 3 },
    ]);
    expect(auditChanges([BOOK], [])).toEqual([{ path: [], before: [BOOK], after: [] }]);
  });
});

describe('the audit log screen', () => {
  it('shows names instead of ids and each change as before → after, never raw JSON', async () => {
    const fetch = stubApi({
      'GET /admin/audit': {
        status: 200,
        body: {
          data: {
            total: 2,
            items: [
              entry(2, {
                action: 'chapter.reorder',
                target_type: 'book',
                target_id: BOOK,
                before: { [CH1]: 1, [CH2]: 2 },
                after: { [CH1]: 2, [CH2]: 1 },
                names: { [BOOK]: 'The Lotus', [CH1]: 'The Lotus #2', [CH2]: 'The Lotus #1' },
              }),
              entry(1, {
                action: 'chapter.schedule',
                target_type: 'chapter',
                target_id: CH1,
                before: { publish_at: null },
                after: { publish_at: '2026-12-24T18:00:00.000Z' },
                names: { [CH1]: 'The Lotus #2' },
              }),
              entry(3, {
                action: 'membership.grant',
                target_type: 'user',
                target_id: READER,
                before: { expire_at: null },
                after: { expire_at: '2026-12-24T18:00:00.000Z', reason: 'ticket 7' },
                names: { [READER]: 'reader9' },
              }),
              entry(4, {
                action: 'comment.hide',
                target_type: 'comment',
                target_id: COMMENT,
                before: { state: 'visible', open_reports: 0 },
                after: { state: 'hidden', open_reports: 0 },
                names: { [COMMENT]: 'The Lotus #2' },
              }),
            ],
          },
        },
      },
    });
    renderScreen(<AuditSection />, '/admin/audit');
    const region = await screen.findByRole('region', { name: 'Table: Audit log' });
    // Actions in words, their codes (what the Action filter takes) as the hint.
    expect((await within(region).findByText('Chapters reordered')).getAttribute('title')).toBe('chapter.reorder');
    expect(within(region).getByText('Membership time added')).toBeTruthy();
    expect(new URL(String(fetch.mock.calls[0]![0]), 'http://localhost').searchParams.get('language')).toBe('en-us');
    const text = region.textContent!;
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
    expect(text).not.toContain('{');
    const rows = within(region).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('Book The Lotus');
    expect(rows[1]!.textContent).toContain('The Lotus #2: 1 → 2');
    expect(rows[2]!.textContent).toContain('Chapter The Lotus #2');
    expect(rows[2]!.textContent).toContain(`Release time: — → ${formatDateTime('2026-12-24T18:00:00.000Z')}`);
    expect(rows[3]!.textContent).toContain('Reader reader9');
    expect(rows[3]!.textContent).toContain('Reason: ticket 7');
    // A comment is named by where it was written (the server's names), its state in words.
    expect(rows[4]!.textContent).toContain('Comment hidden');
    expect(rows[4]!.textContent).toContain('Comment The Lotus #2');
    expect(rows[4]!.textContent).toContain('State: Visible → Hidden');
    expect(rows[4]!.textContent).not.toContain('visible');
  });
});
