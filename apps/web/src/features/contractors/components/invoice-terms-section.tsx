import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/form/number-input';
import type { ContractorFormValues } from '../form-values';

/**
 * "Warunki na fakturach sprzedaży": the payment term and bank account this contractor's invoices carry instead of the
 * company settings' (RULES.md Invoices, VAT and KSeF); left empty, the company's apply.
 */
export function InvoiceTermsSection({ form }: { form: UseFormReturnType<ContractorFormValues> }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <NumberField
        label={t('contractors.invoicePaymentTermDays')}
        description={t('contractors.invoiceTermsHint')}
        decimals={0}
        min={0}
        max={365}
        {...form.getInputProps('invoicePaymentTermDays')}
        value={form.values.invoicePaymentTermDays}
      />
      <TextInput
        label={t('contractors.invoiceBankAccount')}
        description={t('contractors.invoiceTermsHint')}
        {...form.getInputProps('invoiceBankAccount')}
      />
    </SimpleGrid>
  );
}
