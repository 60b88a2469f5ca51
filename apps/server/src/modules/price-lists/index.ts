export { checkPurchasePrice, priceListOfDay, recordPriceDeviation } from './service.js';
