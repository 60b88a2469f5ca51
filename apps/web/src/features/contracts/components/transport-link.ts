/** The transports feature's entry points used by the dashboards (features/transports/index.ts). */
export { openCreateTransport, TransportsTable } from '../../transports';
