/** What other features use of allocations: the GMP/certificate flags and the quality options of a raw material. */
import './i18n';

export { useQualityOptions } from './api';
export { FlagBadges } from './components/flag-badges';
