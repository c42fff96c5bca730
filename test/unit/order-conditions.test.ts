import { expect } from 'chai';
import { textCondition } from '../../services/api/queries/text-conditions.js';
import { timestampCondition } from '../../services/api/queries/timestamp-conditions.js';
import type { Dialect } from '../../shared/db/dialect.js';

// The order comparisons are the same SQL on both databases: no dialect is asked.
const NO_DIALECT = {} as Dialect;

describe('order comparisons of list queries (ListUsers, SCIM gt/ge/lt/le)', () => {
  it('compares a text exactly, its search key ignoring case, or its lower case', () => {
    const name = { column: 'user_name', key: 'user_name_lower' };
    expect(textCondition(NO_DIALECT, name, 'Bé', 'TEXT_QUERY_METHOD_GREATER')).to.deep.equal({
      sql: 'user_name > ?',
      params: ['Bé'],
    });
    expect(
      textCondition(NO_DIALECT, name, 'Be\u0301', 'TEXT_QUERY_METHOD_LESS_OR_EQUALS_IGNORE_CASE'),
    ).to.deep.equal({ sql: 'user_name_lower <= ?', params: ['bé'] });
    expect(
      textCondition(
        NO_DIALECT,
        { column: 'first_name' },
        'ÖL',
        'TEXT_QUERY_METHOD_LESS_IGNORE_CASE',
      ),
    ).to.deep.equal({ sql: 'LOWER(first_name) < ?', params: ['öl'] });
  });

  it('compares a time with the millisecond kept, a finer one on its side exactly', () => {
    const at = (time: string, method: Parameters<typeof timestampCondition>[2]) =>
      timestampCondition('creation_date', time, method);
    expect(at('2026-01-01T01:00:00+01:00', 'TIMESTAMP_QUERY_METHOD_EQUALS')).to.deep.equal({
      sql: 'creation_date = ?',
      params: ['2026-01-01 00:00:00.000'],
    });
    const fine = '2026-01-01T00:00:00.1234Z';
    expect(at(fine, 'TIMESTAMP_QUERY_METHOD_EQUALS').sql).to.equal('1 = 0');
    expect(at(fine, 'TIMESTAMP_QUERY_METHOD_GREATER')).to.deep.equal({
      sql: 'creation_date >= ?',
      params: ['2026-01-01 00:00:00.124'],
    });
    expect(at(fine, 'TIMESTAMP_QUERY_METHOD_GREATER_OR_EQUALS').params).to.deep.equal([
      '2026-01-01 00:00:00.124',
    ]);
    expect(at(fine, 'TIMESTAMP_QUERY_METHOD_LESS')).to.deep.equal({
      sql: 'creation_date <= ?',
      params: ['2026-01-01 00:00:00.123'],
    });
    expect(at('2026-01-01T00:00:00.1230Z', 'TIMESTAMP_QUERY_METHOD_LESS')).to.deep.equal({
      sql: 'creation_date < ?',
      params: ['2026-01-01 00:00:00.123'],
    });
  });
});
