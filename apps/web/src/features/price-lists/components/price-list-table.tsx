import { formatDate, formatPricePerTonne, type PriceListEntry } from '@grain/shared';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The day's entries: raw material, quality, supplier kind, payment term, price and the days it holds. */
export function PriceListTable({ list, isCompact = false }: { list: PriceListEntry[]; isCompact?: boolean }) {
  const { t } = useTranslation();
  if (!list.length) {
    return (
      <Text fz="sm" c="dimmed">
        {t('priceLists.empty')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={isCompact ? 0 : 640}>
      <Table striped highlightOnHover aria-label={t('priceLists.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('priceLists.quality')}</Table.Th>
            <Table.Th>{t('priceLists.supplierKind')}</Table.Th>
            {!isCompact && <Table.Th ta="right">{t('priceLists.paymentTerm')}</Table.Th>}
            <Table.Th ta="right">{isCompact ? t('priceLists.priceShort') : t('priceLists.price')}</Table.Th>
            {!isCompact && <Table.Th>{t('priceLists.valid')}</Table.Th>}
            {!isCompact && <Table.Th>{t('priceLists.source')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>{entry.qualityTitle}</Table.Td>
              <Table.Td>
                {t(`priceLists.supplierKindsShort.${entry.supplierKind}`)}
                {isCompact ? `, ${t('priceLists.paymentTermShort', { days: entry.paymentTermDays })}` : ''}
              </Table.Td>
              {!isCompact && <Table.Td ta="right">{entry.paymentTermDays}</Table.Td>}
              <Table.Td ta="right" fw={600}>
                {formatPricePerTonne(entry.price)}
              </Table.Td>
              {!isCompact && (
                <Table.Td>
                  {formatDate(entry.validFrom)} – {formatDate(entry.validTo)}
                </Table.Td>
              )}
              {!isCompact && (
                <Table.Td>
                  {t(`priceLists.sources.${entry.source}`)}
                  {entry.createdByName ? `, ${entry.createdByName}` : ''}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
