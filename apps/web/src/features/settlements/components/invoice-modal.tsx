import type { TransactionRow } from '@grain/shared';
import { Alert, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { submitChange } from '../../../components/form/submit-change';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useSetInvoice } from '../api';
import { type InvoiceFormValues, invoiceDefaults, invoiceFormSchema } from '../row-forms';
import { InvoiceDateFields } from './invoice-date-fields';
import { RowSummary } from './row-summary';

/** Set invoice (RULES.md Settlements): number, invoice date and payment date, only while TO_SETTLEMENT. */
export function InvoiceForm({ row, onDone }: { row: TransactionRow; onDone: (saved?: TransactionRow) => void }) {
  const { t } = useTranslation();
  const setInvoice = useSetInvoice(row.type);
  const form = useZodForm<InvoiceFormValues>({ schema: invoiceFormSchema, initialValues: invoiceDefaults(row) });

  const submit = form.handleSubmit(async (values) => {
    const body = invoiceFormSchema.parse(values);
    await submitChange(form, {
      send: () => setInvoice.mutateAsync(body),
      saved: t('statement.invoice.saved'),
      done: onDone,
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <RowSummary row={row} />
        {row.invoiceNumber && (
          <Alert color="blue" variant="light">
            {t('statement.invoice.overwrite', { number: row.invoiceNumber })}
          </Alert>
        )}
        <TextInput
          label={t('statement.invoice.number')}
          withAsterisk
          data-autofocus
          {...form.getInputProps('invoiceNumber')}
        />
        <InvoiceDateFields
          form={form}
          submitLabel={t('statement.invoice.submit')}
          isSubmitting={setInvoice.isPending}
          onCancel={() => onDone()}
        />
      </Stack>
    </form>
  );
}
