import type { ContractSide } from '../side';
import { TransportsTable } from './transport-link';

/** spec/1 Contract dashboards, transport tab: the transports filtered by purchaseId or salesId. */
export function TransportTab({ side, id }: { side: ContractSide; id: number }) {
  return side.kind === 'purchase' ? <TransportsTable purchaseId={id} /> : <TransportsTable salesId={id} />;
}
