/** Weighbridge tickets (CONTRIBUTING.md Weighbridge), shown in the transport dialogs; the delivered form's prefill. */
import './i18n';

export { useTransportTickets } from './api';
export { WeighbridgePanel } from './components/weighbridge-panel';
