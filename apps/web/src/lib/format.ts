/** The web's figures and dates come from the one pl-PL formatter the PDF, e-mails and exports also use. */
export {
  formatDate,
  formatDateTime,
  formatExchangeRate,
  formatMoney,
  formatNumber,
  formatPricePerTonne,
  formatTime,
  formatTonnes,
} from '@grain/shared';
