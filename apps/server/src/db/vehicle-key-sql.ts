import { VEHICLE_KEY_DROPPED_CHARS, VEHICLE_KEY_LOWER_CHARS, VEHICLE_KEY_UPPER_CHARS } from '@grain/shared';
import { sql } from 'drizzle-orm';

/** A PostgreSQL escape string literal of `text`: letters and digits as they are, every other character as `\uXXXX`. */
export function escapedLiteral(text: string): string {
  let body = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code > 0xffff) throw new Error('escapedLiteral: only the Basic Multilingual Plane');
    body += /[A-Za-z0-9]/.test(char) ? char : `\\u${code.toString(16).padStart(4, '0')}`;
  }
  return `E'${body}'`;
}

/**
 * The SQL twin of `vehicleKey` (packages/shared/src/rules/vehicle-key.ts), built from the same three character
 * lists: `translate` maps each lower case letter to its upper case and, the from-list being longer, deletes the
 * dropped characters; an empty key is null. Neither `upper` nor a regex class, which follow the server's locale.
 * Migration 0016_rules_vehicle_key writes this text; `vehicle-key.test.ts` proves it equal to the rule.
 */
export function vehicleKeySqlText(column: string): string {
  const from = escapedLiteral(VEHICLE_KEY_LOWER_CHARS + VEHICLE_KEY_DROPPED_CHARS);
  return `nullif(translate(${column}, ${from}, ${escapedLiteral(VEHICLE_KEY_UPPER_CHARS)}), '')`;
}

export const vehicleKeySql = (column: string) => sql.raw(vehicleKeySqlText(column));
