export { exchangeRateNote, type InvoiceExchangeRate, invoiceExchangeRate, invoiceTaxPoint } from './service.js';
