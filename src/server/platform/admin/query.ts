import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** A LIKE pattern matching `text` anywhere, lower-cased, with %, _ and \ taken literally (use with ESCAPE '\'). */
export const containsPattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** SQL: any of the columns (raw SQL expressions) contains the text, case-insensitively. */
export function anyContains(columns: readonly RawBuilder<unknown>[], text: string): RawBuilder<SqlBool> {
  const pattern = containsPattern(text);
  return sql<SqlBool>`(${sql.join(
    columns.map((c) => sql`lower(${c}) LIKE ${pattern} ESCAPE '\\'`),
    sql` OR `,
  )})`;
}

/** Parses a stored JSON value; text that is not JSON is answered as is. */
export function parseStored(value: string | null): unknown {
  if (value === null) return null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}
