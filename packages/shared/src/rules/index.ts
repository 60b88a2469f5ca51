/**
 * The pure domain rules (RULES.md), one place per rule: the server enforces them, the web app warns with them.
 * Integers only (kilograms, minor units, rates × 10 000); no I/O.
 */
export * from './allocations.js';
export * from './amount-in-words.js';
export * from './business-days.js';
export * from './contracts.js';
export * from './iban.js';
export * from './invoice-corrections.js';
export * from './invoice-numbers.js';
export * from './quality.js';
export * from './quality-parameters.js';
export * from './quality-summary.js';
export * from './scale.js';
export * from './settlements.js';
export * from './tolerance.js';
export * from './transit.js';
export * from './transports.js';
export * from './vat.js';
export * from './vat-rr.js';
export * from './vehicle-key.js';
