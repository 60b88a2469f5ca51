import { AGREEMENT_STATUSES, type ContractStatus } from '@grain/shared';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUserOptions } from '../../../app/dictionaries';
import { DateInput } from '../../../components/form/date-input';
import { type ContractFormApi, valueInputProps } from './form-types';

interface TermsSectionProps {
  form: ContractFormApi;
  /** The statuses the edit form's select offers: the current one and its allowed successors. */
  statuses: readonly ContractStatus[];
  isCreate: boolean;
}

/** Document number, statuses, owner and receipt dates. */
export function TermsSection({ form, statuses, isCreate }: TermsSectionProps) {
  const { t } = useTranslation();
  const users = useUserOptions();
  const dateFrom = valueInputProps(form, 'dateOfReceiptFrom');
  const dateTo = valueInputProps(form, 'dateOfReceiptTo');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
      <TextInput
        label={t('contracts.fields.documentNumber')}
        placeholder={isCreate ? t('contracts.form.documentNumberAuto') : undefined}
        {...form.getInputProps('documentNumber')}
      />
      {/* spec/1 section 4: a new contract starts as NEW, so the create form offers no status. */}
      {!isCreate && (
        <Select
          label={t('contracts.fields.status')}
          withAsterisk
          allowDeselect={false}
          data={statuses.map((status) => ({ value: status, label: t(`status.contract.${status}`) }))}
          {...form.getInputProps('status')}
        />
      )}
      <Select
        label={t('contracts.fields.agreementStatus')}
        withAsterisk
        allowDeselect={false}
        data={AGREEMENT_STATUSES.map((status) => ({ value: status, label: t(`status.agreement.${status}`) }))}
        {...form.getInputProps('agreementStatus')}
      />
      <Select<number>
        label={t('contracts.fields.owner')}
        withAsterisk
        searchable
        allowDeselect={false}
        nothingFoundMessage={t('common.noOptions')}
        data={(users.data ?? []).map((user) => ({ value: user.value, label: user.label }))}
        {...form.getInputProps('userId')}
      />
      <DateInput label={t('contracts.fields.dateOfReceiptFrom')} withAsterisk {...dateFrom} />
      <DateInput
        label={t('contracts.fields.dateOfReceiptTo')}
        withAsterisk
        min={form.values.dateOfReceiptFrom ?? undefined}
        {...dateTo}
      />
    </SimpleGrid>
  );
}
