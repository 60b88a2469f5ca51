import { z } from 'zod';

/**
 * Read-only fields: a client that edits what a GET answered sends the answer back with the fields it
 * cannot change (`id`, `created_at`, `updated_at`, derived figures, names of related records). An update takes
 * those keys, documents them `readOnly` and drops them after parsing, so they are ignored rather than refused and
 * never written; a key neither the request nor the answer knows is still refused (the request objects are strict).
 */

/** The keys of a GET's answer that the update request does not take itself. */
export function readOnlyKeys(answer: z.ZodObject, request: object): string[] {
  return Object.keys(answer.shape).filter((key) => !Object.hasOwn(request, key));
}

/**
 * Accepts `keys` on a strict object (spread into its shape). Typed as no fields: the parsed value never has them,
 * as `dropReadOnly` removes them.
 */
export function readOnlyFields(keys: readonly string[]): Record<never, never> {
  return Object.fromEntries(
    keys.map((key) => [key, z.unknown().optional().meta({ readOnly: true, description: 'read-only: ignored' })]),
  );
}

/** Removes `keys` from the parsed value (a `.transform` after the object's own refinements). */
export function dropReadOnly(keys: readonly string[]) {
  return <T extends object>(value: T): T => {
    const kept = { ...value } as Record<string, unknown>;
    for (const key of keys) delete kept[key];
    return kept as T;
  };
}

/** A strict object that also takes, and ignores, the read-only `keys`. */
export function strictWithReadOnly<S extends z.ZodRawShape>(shape: S, keys: readonly string[]) {
  return z.strictObject({ ...shape, ...readOnlyFields(keys) }).transform(dropReadOnly(keys));
}
