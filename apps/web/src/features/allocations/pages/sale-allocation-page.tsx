import { isAwaitingRows } from '../../../components/list/use-list-query';
import '../i18n';
import { ALLOCATABLE_STATUSES, type PurchaseToAllocateRow } from '@grain/shared';
import { Alert, Center, Loader, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { countActiveFilters, FilterPanel, FilterToggle } from '../../../components/list/filter-panel';
import { ListToolbar } from '../../../components/list/list-toolbar';
import { useListState } from '../../../components/list/use-list-state';
import { PageHeader } from '../../../components/page-header';
import { ContractStatusBadge } from '../../../components/status-badges';
import { validationText } from '../../../i18n';
import { usePurchasesToAllocate, useQualityOptions, useSaleForAllocation } from '../api';
import { AllocationModal } from '../components/allocation-modal';
import { PurchaseFilterFields } from '../components/purchase-filter-fields';
import { PurchasesTable } from '../components/purchases-table';
import { SaleSummary } from '../components/sale-summary';
import { purchaseFilterError } from '../purchase-filter';

const NO_FILTER = {};

/** spec/1 Sale allocation screen /contract/sale-list/allocation/{id}. */
export function Page() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const sale = useSaleForAllocation(id);
  const list = useListState({ orderBy: 'date_of_receipt_from:asc' });
  const purchases = usePurchasesToAllocate(id, list);
  const qualities = useQualityOptions(sale.data?.rawMaterialId);
  const [isFilterOpen, filterPanel] = useDisclosure(false);
  const [selected, setSelected] = useState<PurchaseToAllocateRow | null>(null);

  if (!Number.isInteger(id) || id <= 0) return <Navigate to="/404" replace />;
  if (!sale.data) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  const contract = sale.data;
  const canAllocate = (ALLOCATABLE_STATUSES as readonly string[]).includes(contract.status);

  return (
    <>
      <PageHeader
        crumbs={[
          { label: t('nav.contracts'), to: '/contract' },
          { label: t('nav.saleContracts'), to: '/contract/sale-list' },
          { label: contract.documentNumber, to: `/contract/sale-list/dashboard/${contract.id}/realization` },
          { label: t('allocations.crumb') },
        ]}
        title={t('allocations.saleTitle', { number: contract.documentNumber })}
        badge={<ContractStatusBadge status={contract.status} />}
      />
      <SaleSummary sale={contract} />
      {!canAllocate && (
        <Alert color="gray" icon={<IconInfoCircle size={18} />} mb="md">
          {t('allocations.notAllocatable', { status: t(`status.contract.${contract.status}`) })}
        </Alert>
      )}
      <Title order={3} fz="lg" mb="sm">
        {t('allocations.purchasesTitle')}
      </Title>
      <ListToolbar
        list={list}
        listKey="allocations.purchases-to-allocate"
        searchPlaceholder={t('allocations.purchaseSearch')}
        onRefresh={() => void purchases.refetch()}
        isFetching={purchases.isFetching}
        fetchedAt={purchases.dataUpdatedAt}
      >
        <FilterToggle
          isOpen={isFilterOpen}
          onToggle={filterPanel.toggle}
          activeCount={countActiveFilters(list.filter, NO_FILTER)}
        />
      </ListToolbar>
      <FilterPanel
        isOpen={isFilterOpen}
        value={list.filter}
        defaults={NO_FILTER}
        onApply={list.setFilter}
        validate={(draft) => {
          const error = purchaseFilterError(draft);
          return error ? validationText(error) : null;
        }}
      >
        {(draft, setDraft) => (
          <PurchaseFilterFields draft={draft} setDraft={setDraft} qualities={qualities.data ?? []} />
        )}
      </FilterPanel>
      <PurchasesTable
        sale={contract}
        rows={purchases.data?.list}
        filtered={purchases.data?.filtered ?? 0}
        list={list}
        isLoading={isAwaitingRows(purchases)}
        isError={purchases.isError}
        canAllocate={canAllocate}
        onAllocate={setSelected}
      />
      <AllocationModal sale={contract} purchase={selected} onClose={() => setSelected(null)} />
    </>
  );
}
