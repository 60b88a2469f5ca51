/** Pure server-side helpers of the contract rules; the shared ones live in packages/shared/src/rules/contracts.ts. */

/** The calendar year in Poland, where the document numbers are counted (RULES.md Contracts: per kind and year). */
export function documentYear(now: Date = new Date()): number {
  return Number(new Intl.DateTimeFormat('en', { timeZone: 'Europe/Warsaw', year: 'numeric' }).format(now));
}
