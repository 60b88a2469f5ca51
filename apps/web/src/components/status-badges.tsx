import type { AgreementStatus, ContractStatus, SettlementStatus, TransportStatus } from '@grain/shared';
import { Badge } from '@mantine/core';
import { translate as t } from '../i18n';

/** spec/1 section 4 badge colours. */
export const CONTRACT_STATUS_COLORS: Record<ContractStatus, string> = {
  ACTIVE: 'green',
  CANCELLED: 'red',
  CLOSED: 'gray',
  NEW: 'blue',
  NEXT_SEASON: 'violet',
  TO_SETTLEMENT: 'yellow',
};

export const AGREEMENT_STATUS_COLORS: Record<AgreementStatus, string> = {
  EMPTY: 'red',
  TO_SIGN: 'orange',
  SIGNED: 'green',
};

export const TRANSPORT_STATUS_COLORS: Record<TransportStatus, string> = {
  NEW: 'yellow',
  ON_THE_WAY: 'blue',
  DELIVERED: 'green',
  RETURN_TO_CLIENT: 'red',
  CANCELLED: 'gray',
};

export const SETTLEMENT_STATUS_COLORS: Record<SettlementStatus, string> = {
  TO_SETTLEMENT: 'yellow',
  SETTLED: 'green',
};

export function ContractStatusBadge({ status }: { status: ContractStatus }) {
  return (
    <Badge color={CONTRACT_STATUS_COLORS[status]} variant="light">
      {t(`status.contract.${status}`)}
    </Badge>
  );
}

export function AgreementStatusBadge({ status }: { status: AgreementStatus }) {
  return (
    <Badge color={AGREEMENT_STATUS_COLORS[status]} variant="outline">
      {t(`status.agreement.${status}`)}
    </Badge>
  );
}

export function TransportStatusBadge({ status }: { status: TransportStatus }) {
  return (
    <Badge color={TRANSPORT_STATUS_COLORS[status]} variant="light">
      {t(`status.transport.${status}`)}
    </Badge>
  );
}

export function SettlementStatusBadge({ status }: { status: SettlementStatus }) {
  return (
    <Badge color={SETTLEMENT_STATUS_COLORS[status]} variant="light">
      {t(`status.settlement.${status}`)}
    </Badge>
  );
}
