import { isAwaitingRows } from '../../../components/list/use-list-query';
import '../i18n';
import {
  EXCHANGE_RATE_CURRENCIES,
  type ExchangeRate,
  type ExchangeRateCurrency,
  type ExchangeRateSortKey,
} from '@grain/shared';
import { Badge, Button, Group, SimpleGrid, Text } from '@mantine/core';
import { IconPlus, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/form/date-input';
import { type Column, DataTable } from '../../../components/list/data-table';
import { ListToolbar } from '../../../components/list/list-toolbar';
import { StatusChips } from '../../../components/list/status-chips';
import { useListState } from '../../../components/list/use-list-state';
import { PageHeader } from '../../../components/page-header';
import { formatDate, formatDateTime, formatExchangeRate } from '../../../lib/format';
import { toExchangeRateFilter, useExchangeRateList } from '../api';
import { CreateExchangeRateModal } from '../components/create-exchange-rate-modal';
import { ImportExchangeRatesModal } from '../components/import-exchange-rates-modal';

function useColumns(): Column<ExchangeRate, ExchangeRateSortKey>[] {
  const { t } = useTranslation();
  return [
    {
      key: 'effectiveDate',
      card: 'title',
      isAlwaysShown: true,
      title: t('exchangeRates.effectiveDate'),
      sortKey: 'effective_date',
      render: (row) => <Text fw={500}>{formatDate(row.effectiveDate)}</Text>,
    },
    {
      key: 'currency',
      card: 'badge',
      title: t('exchangeRates.currency'),
      sortKey: 'currency',
      render: (row) => <Badge variant="light">{row.currency}</Badge>,
    },
    {
      key: 'rate',
      card: 'subtitle',
      title: t('exchangeRates.rate'),
      sortKey: 'rate',
      align: 'right',
      render: (row) => <Text fw={600}>{formatExchangeRate(row.rate)}</Text>,
    },
    {
      key: 'tableNumber',
      card: 'field',
      title: t('exchangeRates.tableNumber'),
      render: (row) => row.tableNumber ?? '—',
    },
    {
      key: 'source',
      card: 'field',
      title: t('exchangeRates.source'),
      render: (row) => t(`exchangeRates.sources.${row.source}`),
    },
    { key: 'createdBy', card: 'field', title: t('exchangeRates.createdBy'), render: (row) => row.createdByName ?? '—' },
    {
      key: 'createdAt',
      card: 'field',
      title: t('exchangeRates.createdAt'),
      sortKey: 'created_at',
      render: (row) => formatDateTime(row.createdAt),
    },
  ];
}

/** "Kursy walut": the stored NBP mid rates with filters, a typed rate and an NBP file import (RULES.md Invoices). */
export function Page() {
  const { t } = useTranslation();
  const list = useListState({ orderBy: 'effective_date:desc' });
  const query = useExchangeRateList(list);
  const [dialog, setDialog] = useState<'add' | 'import' | null>(null);
  const filter = toExchangeRateFilter(list.filter);
  const setDay = (key: 'from' | 'to', value: string | null) => {
    const { [key]: _dropped, ...rest } = list.filter;
    list.setFilter(value ? { ...rest, [key]: value } : rest);
  };
  return (
    <>
      <PageHeader
        crumbs={[{ label: t('nav.home'), to: '/positions' }, { label: t('exchangeRates.title') }]}
        title={t('exchangeRates.title')}
        actions={
          <Group gap="sm">
            <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setDialog('import')}>
              {t('exchangeRates.import')}
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog('add')}>
              {t('exchangeRates.add')}
            </Button>
          </Group>
        }
      />
      <Text fz="sm" c="dimmed" mb="sm">
        {t('exchangeRates.hint')}
      </Text>
      <ListToolbar
        list={list}
        searchPlaceholder={t('exchangeRates.searchPlaceholder')}
        onRefresh={() => void query.refetch()}
        isFetching={query.isFetching}
        fetchedAt={query.dataUpdatedAt}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mb="md" style={{ alignItems: 'end' }}>
        <StatusChips<ExchangeRateCurrency>
          statuses={EXCHANGE_RATE_CURRENCIES}
          value={filter.currency ?? []}
          onChange={(currency) => list.setFilter({ ...list.filter, currency })}
          labelOf={(currency) => currency}
        />
        <DateInput
          label={t('exchangeRates.dateFrom')}
          value={filter.effectiveDate?.from ?? null}
          onChange={(value) => setDay('from', value)}
        />
        <DateInput
          label={t('exchangeRates.dateTo')}
          value={filter.effectiveDate?.to ?? null}
          onChange={(value) => setDay('to', value)}
        />
      </SimpleGrid>
      <DataTable
        columns={useColumns()}
        rows={query.data?.list}
        filtered={query.data?.filtered ?? 0}
        rowKey={(row) => row.id}
        list={list}
        isLoading={isAwaitingRows(query)}
        isError={query.isError}
        listId="exchange-rates"
        defaultDensity="comfortable"
      />
      <CreateExchangeRateModal opened={dialog === 'add'} onClose={() => setDialog(null)} />
      <ImportExchangeRatesModal opened={dialog === 'import'} onClose={() => setDialog(null)} />
    </>
  );
}
