import type { TransportResponse } from '@grain/shared';
import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCornerDownRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FlagBadges } from '../../allocations';

/** GMP and certificate flags of the purchase and of the sale, one line each. */
export function ContractFlagsCell({ row }: { row: TransportResponse }) {
  const { t } = useTranslation();
  const sides = [
    { label: t('transports.flags.purchase'), side: row.purchaseSupplier },
    { label: t('transports.flags.sale'), side: row.salesRecipient },
  ];
  return (
    <Stack gap={2}>
      {sides.map(({ label, side }) => (
        <Group key={label} gap={4} wrap="nowrap">
          <Text size="xs" c="dimmed" w={30}>
            {label}
          </Text>
          <FlagBadges isGmp={side.isGmp} isCert={side.isCert} />
        </Group>
      ))}
    </Stack>
  );
}

/** The transport's own GMP: its number when it has one. */
export function TransportGmpCell({ row }: { row: TransportResponse }) {
  const { t } = useTranslation();
  if (!row.isGmp) {
    return (
      <Badge size="sm" color="gray" variant="outline">
        {t('transports.gmp.none')}
      </Badge>
    );
  }
  return (
    <Tooltip label={t('transports.gmp.number', { number: row.gmpNumber })}>
      <Badge size="sm" color="teal" variant="light">
        {t('transports.gmp.yes')}
      </Badge>
    </Tooltip>
  );
}

/** spec/1 Logistics warning row: the sale requires GMP and the transport has none; the tooltip gives the note. */
export function GmpWarningNote({ row }: { row: TransportResponse }) {
  const { t } = useTranslation();
  const note = row.confirmationNote
    ? t('transports.gmp.note', { note: row.confirmationNote })
    : t('transports.gmp.noNote');
  return (
    <Group gap="xs" wrap="nowrap" data-testid={`gmp-warning-${row.id}`}>
      <IconCornerDownRight size={14} color="var(--mantine-color-dimmed)" aria-hidden />
      <Tooltip label={note} multiline maw={360} withArrow>
        <Badge color="orange" variant="light" leftSection={<IconAlertTriangle size={12} />} style={{ cursor: 'help' }}>
          {t('transports.gmp.notSatisfied')}
        </Badge>
      </Tooltip>
      <Text size="xs" c="dimmed" lineClamp={1}>
        {note}
      </Text>
    </Group>
  );
}
