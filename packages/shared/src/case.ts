/** Key case conversion at the wire edge: snake_case outside, camelCase inside (ARCHITECTURE.md, The API). */
export function snakeToCamel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

export function camelToSnake(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  // Fastify's query-string parser builds objects on an empty null-prototype object.
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

/**
 * A key converter that remembers its answers: a list answer converts the same few dozen keys on every row. The
 * memory is bounded, since request keys come from clients.
 */
function remembered(convert: (key: string) => string, capacity = 5_000): (key: string) => string {
  const known = new Map<string, string>();
  return (key) => {
    let converted = known.get(key);
    if (converted === undefined) {
      converted = convert(key);
      if (known.size < capacity) known.set(key, converted);
    }
    return converted;
  };
}
const snakeToCamelRemembered = remembered(snakeToCamel);
const camelToSnakeRemembered = remembered(camelToSnake);

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[convert(key)] = convertKeys(item, convert);
  return out;
}

export function toCamelKeys<T = unknown>(value: unknown): T {
  return convertKeys(value, snakeToCamelRemembered) as T;
}

export function toSnakeKeys<T = unknown>(value: unknown): T {
  return convertKeys(value, camelToSnakeRemembered) as T;
}
