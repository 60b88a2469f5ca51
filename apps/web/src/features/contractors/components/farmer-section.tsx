import { Checkbox, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/form/date-input';
import type { ContractorFormValues } from '../form-values';

/**
 * "Rolnik ryczałtowy": what a VAT RR invoice needs of a farmer (RULES.md Invoices, VAT and KSeF, VAT RR). Shown for
 * the accounting method RR; the account's IBAN checksum is checked by the shared schema as the user types.
 */
export function FarmerSection({ form }: { form: UseFormReturnType<ContractorFormValues> }) {
  const { t } = useTranslation();
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        {t('contractors.farmerHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('contractors.bankAccount')}
          placeholder={t('contractors.bankAccountPlaceholder')}
          inputMode="numeric"
          {...form.getInputProps('bankAccount')}
        />
        <DateInput
          label={t('contractors.flatRateDeclarationDate')}
          {...form.getInputProps('flatRateDeclarationDate')}
          value={form.values.flatRateDeclarationDate}
        />
        <Checkbox
          label={t('contractors.isKsefRrDesignated')}
          style={{ gridColumn: '1 / -1' }}
          {...form.getInputProps('isKsefRrDesignated', { type: 'checkbox' })}
        />
      </SimpleGrid>
    </>
  );
}
