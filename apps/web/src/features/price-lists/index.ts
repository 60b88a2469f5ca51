/** What other features use of the price list: the screen's address, the day's list and its prices table. */
import './i18n';

export const PRICE_LISTS_PATH = '/price-lists';
export { usePriceListOfDay } from './api';
export { DayPrices } from './components/day-prices';
