import { type ReallocateCandidate, type TransportResponse, toMinorUnits } from '@grain/shared';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../lib/format';
import type { ReallocateFormValues } from '../reallocate-form';

interface RedirectReviewProps {
  transport: TransportResponse;
  sale: ReallocateCandidate;
  values: ReallocateFormValues;
}

/** The old sale next to the new one before the redirect (spec/1 section 4 Reallocate flow: see summary). */
export function RedirectReview({ transport, sale, values }: RedirectReviewProps) {
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
  return (
    <Table.ScrollContainer minWidth={420}>
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
              <Table.Td>{row.old}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={row.old === row.next ? undefined : 600}>
                  {row.next}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
