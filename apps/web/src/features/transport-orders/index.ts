/** The transport order (PDF and e-mail to the carrier), shown in the transport dialogs. */
import './i18n';

export { TransportOrderPanel } from './transport-order-panel';
