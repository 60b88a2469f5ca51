import { AGREEMENT_STATUSES, CONTRACT_STATUSES, SETTLEMENT_STATUSES, TRANSPORT_STATUSES } from '@grain/shared';
import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AgreementStatusBadge,
  ContractStatusBadge,
  SettlementStatusBadge,
  TransportStatusBadge,
} from '../../../components/status-badges';
import { Section } from './section';

function BadgeRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Group gap="xs">{children}</Group>
    </Stack>
  );
}

/** Every status badge of spec/1 section 4, in its colour. */
export function BadgesSection() {
  const { t } = useTranslation();
  return (
    <Section id="badges" title={t('sandbox.sections.badges')}>
      <Stack gap="sm">
        <BadgeRow label={t('sandbox.badges.contract')}>
          {CONTRACT_STATUSES.map((status) => (
            <ContractStatusBadge key={status} status={status} />
          ))}
        </BadgeRow>
        <BadgeRow label={t('sandbox.badges.agreement')}>
          {AGREEMENT_STATUSES.map((status) => (
            <AgreementStatusBadge key={status} status={status} />
          ))}
        </BadgeRow>
        <BadgeRow label={t('sandbox.badges.transport')}>
          {TRANSPORT_STATUSES.map((status) => (
            <TransportStatusBadge key={status} status={status} />
          ))}
        </BadgeRow>
        <BadgeRow label={t('sandbox.badges.settlement')}>
          {SETTLEMENT_STATUSES.map((status) => (
            <SettlementStatusBadge key={status} status={status} />
          ))}
        </BadgeRow>
      </Stack>
    </Section>
  );
}
