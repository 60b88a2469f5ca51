export { exchangeRateNote, type InvoiceExchangeRate, invoiceExchangeRate } from './service.js';
