import { Button, Group, SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/form/date-input';

interface InvoiceDates {
  invoiceDate: string | null;
  paymentDate: string | null;
}

interface InvoiceDateFieldsProps<Values extends InvoiceDates> {
  form: UseFormReturnType<Values>;
  submitLabel: string;
  isSubmitting: boolean;
  onCancel: () => void;
}

/**
 * The invoice date and payment date (not before the invoice date) and the form's buttons, shared by the single and
 * the bulk invoice dialogs (RULES.md Settlements: set invoice).
 */
export function InvoiceDateFields<Values extends InvoiceDates>({
  form,
  submitLabel,
  isSubmitting,
  onCancel,
}: InvoiceDateFieldsProps<Values>) {
  const { t } = useTranslation();
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <DateInput
          label={t('statement.invoice.date')}
          withAsterisk
          {...form.getInputProps('invoiceDate')}
          value={form.values.invoiceDate}
        />
        <DateInput
          label={t('statement.invoice.paymentDate')}
          min={form.values.invoiceDate ?? undefined}
          {...form.getInputProps('paymentDate')}
          value={form.values.paymentDate}
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
