/** What other features use of the statement: a delivered truck's rows, settled and invoiced in its details. */
import './i18n';

export { TransportSettlement } from './components/transport-settlement';
