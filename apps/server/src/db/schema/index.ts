/**
 * The database schema, one file per aggregate; this index only re-exports them (drizzle.config.ts reads it, the
 * Drizzle client takes it whole).
 */
export * from './allocations.js';
export * from './audit.js';
export * from './carriers.js';
export * from './certificates.js';
export * from './company-settings.js';
export * from './contractors.js';
export * from './contracts.js';
export * from './exchange-rates.js';
export * from './invoices.js';
export * from './mail.js';
export * from './price-lists.js';
export * from './received-invoices.js';
export * from './reference-data.js';
export * from './row-counts.js';
export * from './rr-invoices.js';
export * from './saved-views.js';
export * from './settlements.js';
export * from './transports.js';
export * from './users.js';
export * from './weighbridge.js';
