/** What other features use of the NBP exchange rates: the screen's address, with the feature's texts. */
import './i18n';

export const EXCHANGE_RATES_PATH = '/exchange-rates';
