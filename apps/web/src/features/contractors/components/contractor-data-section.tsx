import { ACCOUNTING_METHODS, CONTRACTOR_LABELS } from '@grain/shared';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { ContractorFormValues } from '../form-values';

/** "Dane kontrahenta": code, name, NIP, PESEL, label, accounting method, e-mail and phone. */
export function ContractorDataSection({ form }: { form: UseFormReturnType<ContractorFormValues> }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
      <TextInput label={t('contractors.code')} withAsterisk {...form.getInputProps('code')} />
      <TextInput label={t('contractors.name')} {...form.getInputProps('name')} />
      <TextInput label={t('contractors.nip')} inputMode="numeric" {...form.getInputProps('nip')} />
      <TextInput label={t('contractors.pesel')} inputMode="numeric" {...form.getInputProps('pesel')} />
      <Select
        label={t('contractors.label')}
        clearable
        data={CONTRACTOR_LABELS.map((label) => ({ value: label, label: t(`contractors.labels.${label}`) }))}
        {...form.getInputProps('label')}
      />
      <Select
        label={t('contractors.accountingMethod')}
        clearable
        data={ACCOUNTING_METHODS.map((method) => ({
          value: method,
          label: t(`contractors.accountingMethods.${method}`),
        }))}
        {...form.getInputProps('accountingMethod')}
      />
      <TextInput label={t('contractors.email')} type="email" {...form.getInputProps('email')} />
      <TextInput label={t('contractors.phoneNumber')} type="tel" {...form.getInputProps('phoneNumber')} />
    </SimpleGrid>
  );
}
