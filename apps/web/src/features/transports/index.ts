/** What other screens use: the create flow of the allocations page and dashboards, the modals, the contract tables. */
import './i18n';

export { type CreateTransportOptions, openCreateTransport } from './components/create-transport';
export { DeliveredModal } from './components/delivered-modal';
export { RedirectTransportModal } from './components/redirect-transport-modal';
export { TransportFormModal, type TransportFormModalProps } from './components/transport-form-modal';
export { TransportSummaryModal } from './components/transport-summary-modal';
export { TransportsTable } from './components/transports-table';
export { pairOfToAssignRow, pairOfTransport, type TransportPairView } from './transport-pair';
