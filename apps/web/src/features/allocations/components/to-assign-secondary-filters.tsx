import { CONTRACT_STATUSES, type ContractStatus, type Option } from '@grain/shared';
import { Input, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { YesNoSelect } from '../../../components/form/yes-no-select';
import { listOf } from '../../../components/list/filter-values';
import type { FilterValues } from '../../../components/list/list-state';
import { StatusChips } from '../../../components/list/status-chips';
import { DateFilter, FreightFilter, OptionsFilter } from './filter-fields';

interface SecondaryFiltersProps {
  draft: FilterValues;
  setDraft: (change: FilterValues) => void;
  qualities: Option[];
}

function StatusFilter({
  label,
  name,
  draft,
  setDraft,
}: { label: string; name: string } & Omit<SecondaryFiltersProps, 'qualities'>) {
  const { t } = useTranslation();
  return (
    <Input.Wrapper label={label} description={t('allocations.statusHint')}>
      <StatusChips
        statuses={CONTRACT_STATUSES}
        value={listOf(draft[name]) as ContractStatus[]}
        onChange={(value) => setDraft({ [name]: value })}
        labelOf={(status) => t(`status.contract.${status}`)}
      />
    </Input.Wrapper>
  );
}

/** The collapsible part of the allocations filter: qualities, GMP/cert of both sides, freights, dates, statuses. */
export function ToAssignSecondaryFilters({ draft, setDraft, qualities }: SecondaryFiltersProps) {
  const { t } = useTranslation();
  const field = { draft, setDraft };
  const flag = (name: string, label: string) => (
    <YesNoSelect label={label} value={draft[name]} onChange={(value) => setDraft({ [name]: value })} />
  );
  return (
    <>
      <OptionsFilter label={t('allocations.qualities')} name="rawMaterialQualityId" options={qualities} {...field} />
      {flag('purchaseIsGmp', t('allocations.purchaseGmp'))}
      {flag('salesIsGmp', t('allocations.salesGmp'))}
      {flag('purchaseIsCert', t('allocations.purchaseCert'))}
      {flag('salesIsCert', t('allocations.salesCert'))}
      <FreightFilter label={t('allocations.purchaseFreight')} name="purchaseFreight" {...field} />
      <FreightFilter label={t('allocations.salesFreight')} name="salesFreight" {...field} />
      <DateFilter label={t('allocations.loadingFrom')} name="dateOfLoadingFrom" {...field} />
      <DateFilter label={t('allocations.loadingTo')} name="dateOfLoadingTo" {...field} />
      <DateFilter label={t('allocations.unloadingFrom')} name="dateOfUnloadingFrom" {...field} />
      <DateFilter label={t('allocations.unloadingTo')} name="dateOfUnloadingTo" {...field} />
      {/* The status chips take a whole row of the panel's grid: they are wider than one field. */}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" style={{ gridColumn: '1 / -1' }}>
        <StatusFilter label={t('allocations.purchaseStatus')} name="purchaseContractStatus" {...field} />
        <StatusFilter label={t('allocations.salesStatus')} name="salesContractStatus" {...field} />
      </SimpleGrid>
    </>
  );
}
