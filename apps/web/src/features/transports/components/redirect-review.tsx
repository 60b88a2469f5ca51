import { type ReallocateCandidate, type TransportResponse, toMinorUnits, type VehicleClash } from '@grain/shared';
import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../lib/format';
import type { ReallocateFormValues } from '../reallocate-form';
import { VehicleClashWarning } from './vehicle-clash-warning';

interface RedirectReviewProps {
  transport: TransportResponse;
  sale: ReallocateCandidate;
  values: ReallocateFormValues;
  /** The truck's other planned transports at the new dates, warned of again next to the save button. */
  clashes: VehicleClash[];
}

/** The old sale next to the new one before the redirect (spec/1 section 4 Reallocate flow: see summary). */
export function RedirectReview({ transport, sale, values, clashes }: RedirectReviewProps) {
  const { t } = useTranslation();
  const yesNo = (value: boolean) => t(value ? 'common.yes' : 'common.no');
  const newPrice = values.pricePerTon === null ? null : toMinorUnits(values.pricePerTon);
  const rows = [
    { key: 'document', old: transport.salesRecipient.documentNumber, next: sale.documentNumber },
    {
      key: 'recipient',
      old: [transport.salesRecipient.code, transport.salesRecipient.name].filter(Boolean).join(' – '),
      next: [sale.counterpartyCode, sale.counterpartyName].filter(Boolean).join(' – '),
    },
    { key: 'quality', old: transport.salesQualityTitle, next: sale.rawMaterialQualityTitle },
    { key: 'address', old: transport.unloadingAddressFull, next: sale.addressFull },
    { key: 'dateUnloading', old: formatDate(transport.dateUnloading), next: formatDate(values.dateUnloading) },
    {
      key: 'price',
      old: formatMoney(transport.pricePerTon, transport.currency),
      next: formatMoney(newPrice, transport.currency),
    },
    { key: 'gmp', old: yesNo(transport.salesRecipient.isGmp), next: yesNo(sale.isGmp) },
    { key: 'comment', old: transport.comment ?? '—', next: values.comment.trim() || '—' },
  ];
  const note = values.confirmationNote.trim();
  if (note) rows.push({ key: 'note', old: transport.confirmationNote ?? '—', next: note });
  // RULES.md Transports: the note is kept only while the truck stays double booked.
  if (clashes.length > 0) {
    const old = transport.doubleBookingNote ?? '—';
    rows.push({ key: 'doubleBookingNote', old, next: values.doubleBookingNote.trim() || '—' });
  }
  return (
    <Stack gap="md">
      <VehicleClashWarning clashes={clashes} hint={t('transports.redirect.clashHint')} />
      <Table withTableBorder verticalSpacing={6} data-testid="redirect-review">
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th>{t('transports.redirect.oldSale')}</Table.Th>
            <Table.Th>{t('transports.redirect.newSale')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th fw={500} c="dimmed">
                {t(`transports.redirect.rows.${row.key}`)}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.old}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Text size="sm" fw={row.old === row.next ? undefined : 600}>
                  {row.next}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
