/**
 * The amenity filters of a search (issue 24), each one a partial index of migration 011: a flag is
 * `l.<flag>` (the index's own predicate), parking is `parking_spaces > 0` (likewise), a floor range reads the
 * floor index. A flag sent as false sets no condition.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { AMENITY_FLAGS, type SearchFilters } from '@manzil/shared';

export function amenityConditions(b: SearchFilters): Expression<SqlBool>[] {
  const c: Expression<SqlBool>[] = [];
  // The column names come from the shared list, never from the request.
  for (const f of AMENITY_FLAGS) if (b[f] === true) c.push(sql<SqlBool>`${sql.ref(`l.${f}`)}`);
  if (b.parking === true) c.push(sql<SqlBool>`l.parking_spaces > 0`);
  if (b.min_floor !== undefined) c.push(sql<SqlBool>`l.floor_number >= ${b.min_floor}`);
  if (b.max_floor !== undefined) c.push(sql<SqlBool>`l.floor_number <= ${b.max_floor}`);
  return c;
}
