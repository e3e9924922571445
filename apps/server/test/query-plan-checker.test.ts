import { describe, expect, it } from 'vitest';
import { postgresPlanDefects, sqlitePlanDefects, withoutSubqueryReads } from './helpers/query-plans.js';

/**
 * The plan checker itself (helpers/query-plans.ts), on plans as the databases print them: if it
 * passed everything, the query-plan test (console-query-plans.test.ts) would prove nothing.
 */
describe('plan checker: SQLite', () => {
  it('flags a full scan of a reader table, named or aliased', () => {
    expect(sqlitePlanDefects(['SCAN reading_events'])).toEqual([{ table: 'reading_events', reason: 'full scan (SCAN reading_events)' }]);
    expect(sqlitePlanDefects(['SCAN u'], 'select count(*) from "users" as "u"').map((d) => d.table)).toEqual(['users']);
  });

  it('passes lookups of one reader or row, and scans of small tables', () => {
    expect(sqlitePlanDefects(['SEARCH users USING INDEX sqlite_autoindex_users_3 (username_key=?)'])).toEqual([]);
    expect(sqlitePlanDefects(['SCAN books', 'USE TEMP B-TREE FOR ORDER BY'])).toEqual([]);
    const oneReader = ['SEARCH membership_grants USING INDEX membership_grants_user_idx (user_id=?)', 'USE TEMP B-TREE FOR ORDER BY'];
    expect(sqlitePlanDefects(oneReader)).toEqual([]);
  });

  it('passes an index walk stopped by LIMIT, flags a whole index walk or a sorted range', () => {
    const page = 'select * from "payment_orders" order by "created_at" desc limit ?';
    expect(sqlitePlanDefects(['SCAN payment_orders USING INDEX payment_orders_created_idx'], page)).toEqual([]);
    const count = 'select count(*) from "payment_orders"';
    expect(sqlitePlanDefects(['SCAN payment_orders USING COVERING INDEX payment_orders_user_idx'], count)).toHaveLength(1);
    const sortedRange = ['SEARCH payment_orders USING INDEX payment_orders_status_idx (status=?)', 'USE TEMP B-TREE FOR ORDER BY'];
    expect(
      sqlitePlanDefects(sortedRange, 'select * from payment_orders where status = ? order by created_at limit ?').map((d) => d.table),
    ).toEqual(['payment_orders']);
  });
});

describe('plan checker: SQLite rowid walks and sub-queries', () => {
  it('passes a rowid table walked in id order under a LIMIT, flags it without the LIMIT or in another order', () => {
    const page = 'select "u"."id" from "users" as "u" order by "u"."id" desc limit ?';
    expect(sqlitePlanDefects(['SCAN u'], page)).toEqual([]);
    expect(sqlitePlanDefects(['SCAN u'], 'select "u"."id" from "users" as "u" order by "u"."id" desc')).toHaveLength(1);
    expect(sqlitePlanDefects(['SCAN u'], 'select "u"."id" from "users" as "u" order by "u"."idle" desc limit ?')).toHaveLength(1);
    expect(sqlitePlanDefects(['SCAN u', 'USE TEMP B-TREE FOR ORDER BY'], page)).toHaveLength(1);
  });

  it("drops only the read of a sub-query's result, not the scan inside the sub-query", () => {
    const rows = [
      { id: 2, parent: 0, detail: 'CO-ROUTINE u' },
      { id: 5, parent: 2, detail: 'SCAN u' },
      { id: 20, parent: 0, detail: 'SCAN u' },
    ];
    expect(withoutSubqueryReads(rows).map((row) => row.id)).toEqual([2, 5]);
    const plain = [{ id: 3, parent: 0, detail: 'SCAN u' }];
    expect(withoutSubqueryReads(plain)).toEqual(plain);
  });
});

describe('plan checker: PostgreSQL', () => {
  it('flags a Seq Scan of a reader table, nested or not', () => {
    const plan = {
      'Node Type': 'Aggregate',
      Plans: [
        {
          'Node Type': 'Hash Join',
          Plans: [
            { 'Node Type': 'Seq Scan', 'Relation Name': 'membership_grants' },
            { 'Node Type': 'Seq Scan', 'Relation Name': 'books' },
          ],
        },
      ],
    };
    expect(postgresPlanDefects(plan)).toEqual([{ table: 'membership_grants', reason: 'Seq Scan' }]);
  });

  it('passes a lookup and a limited index walk, flags a sorted range', () => {
    const lookup = { 'Node Type': 'Index Scan', 'Relation Name': 'users', 'Index Cond': '((username_key)::text = $1)' };
    expect(postgresPlanDefects(lookup)).toEqual([]);
    const page = { 'Node Type': 'Limit', Plans: [{ 'Node Type': 'Index Scan Backward', 'Relation Name': 'payment_orders' }] };
    expect(postgresPlanDefects(page)).toEqual([]);
    // An incremental sort orders runs of the index's order: the LIMIT still stops the walk.
    const runs = {
      'Node Type': 'Limit',
      Plans: [{ 'Node Type': 'Incremental Sort', Plans: [{ 'Node Type': 'Index Scan Backward', 'Relation Name': 'audit_log' }] }],
    };
    expect(postgresPlanDefects(runs)).toEqual([]);
    const sorted = {
      'Node Type': 'Limit',
      Plans: [
        {
          'Node Type': 'Sort',
          Plans: [
            { 'Node Type': 'Bitmap Heap Scan', 'Relation Name': 'payment_orders', 'Recheck Cond': "((status)::text = 'paid'::text)" },
          ],
        },
      ],
    };
    expect(postgresPlanDefects(sorted).map((d) => d.table)).toEqual(['payment_orders']);
    const oneReader = {
      'Node Type': 'Sort',
      Plans: [{ 'Node Type': 'Index Scan', 'Relation Name': 'membership_grants', 'Index Cond': '(user_id = $1)' }],
    };
    expect(postgresPlanDefects(oneReader)).toEqual([]);
  });
});
