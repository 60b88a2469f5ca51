import type { CorrectionTotals, InvoiceDetails } from '@grain/shared';
import { Button, Checkbox, Group, Modal, Paper, SimpleGrid, Stack, Table, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DateInput } from '../../../components/form/date-input';
import { NumberField } from '../../../components/form/number-input';
import { submitChange } from '../../../components/form/submit-change';
import { useZodForm } from '../../../components/form/use-zod-form';
import { formatMoney, formatPricePerTonne, formatTonnes } from '../../../lib/format';
import { useCorrectInvoice } from '../api';
import {
  type CorrectInvoiceFormValues,
  correctInvoiceDefaults,
  correctInvoiceFormSchema,
  correctionPreview,
  toCorrectInvoiceRequest,
} from '../correct-invoice-form';
import { invoicePath } from '../paths';

interface CorrectInvoiceDialogProps {
  invoice: InvoiceDetails;
  isOpen: boolean;
  onClose: () => void;
}

/**
 * Issues a correction (KOR) of the invoice (RULES.md Invoices, VAT and KSeF): per line the tonnes and net price as
 * they stand now, changed where the correction changes them, or everything cancelled; the difference it will state
 * is shown as it is typed, and the new correction opens once issued.
 */
export function CorrectInvoiceDialog({ invoice, isOpen, onClose }: CorrectInvoiceDialogProps) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <Modal opened={isOpen} onClose={onClose} size="xl" fullScreen={isPhone} title={t('invoices.correct.title')}>
      {isOpen && <CorrectInvoiceForm invoice={invoice} onClose={onClose} />}
    </Modal>
  );
}

function CorrectInvoiceForm({ invoice, onClose }: { invoice: InvoiceDetails; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const correct = useCorrectInvoice(invoice.correctedInvoiceId ?? invoice.id);
  const form = useZodForm<CorrectInvoiceFormValues>({
    schema: correctInvoiceFormSchema,
    initialValues: correctInvoiceDefaults(invoice.currentLines),
  });
  const preview = correctionPreview(invoice.currentLines, form.values);
  const submit = form.handleSubmit(async (values) => {
    await submitChange(form, {
      send: () => correct.mutateAsync(toCorrectInvoiceRequest(values)),
      saved: (correction) => t('invoices.correct.issued', { number: correction.number }),
      done: (correction) => {
        onClose();
        void navigate(invoicePath(correction.id));
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm">
          {t('invoices.correct.hint', { number: invoice.correctedInvoice?.number ?? invoice.number })}
        </Text>
        <Checkbox
          label={t('invoices.correct.cancelAll')}
          {...form.getInputProps('isCancelAll', { type: 'checkbox' })}
        />
        <CorrectionLineFields invoice={invoice} form={form} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Textarea
            label={t('invoices.correct.reason')}
            withAsterisk
            maxLength={255}
            {...form.getInputProps('reason')}
          />
          <DateInput
            label={t('invoices.correct.issueDate')}
            withAsterisk
            {...form.getInputProps('issueDate')}
            value={form.values.issueDate}
          />
        </SimpleGrid>
        <CorrectionDifference totals={preview} currency={invoice.currency} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={correct.isPending}>
            {t('invoices.correct.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type CorrectForm = ReturnType<typeof useZodForm<CorrectInvoiceFormValues>>;

/** Per line: as it stands now, and the tonnes and net price per tonne after the correction. */
function CorrectionLineFields({ invoice, form }: { invoice: InvoiceDetails; form: CorrectForm }) {
  const { t } = useTranslation();
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  return (
    <Stack gap="xs" data-testid="correction-lines">
      {invoice.currentLines.map((line, index) => (
        <Paper key={line.position} withBorder p="xs">
          <Text fw={600} fz="sm" mb={4}>
            {line.position}. {line.name}
          </Text>
          <Text fz="xs" c="dimmed" mb={4}>
            {t('invoices.correct.now', {
              quantity: formatTonnes(line.quantity),
              price: formatPricePerTonne(line.unitNetPrice, invoice.currency),
              net: money(line.netValue),
            })}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <NumberField
              label={t('invoices.correct.quantity')}
              decimals={3}
              min={0}
              disabled={form.values.isCancelAll}
              {...form.getInputProps(`lines.${index}.quantity`)}
              value={form.values.lines[index]?.quantity ?? null}
            />
            <NumberField
              label={t('invoices.correct.unitNetPrice', { currency: invoice.currency })}
              decimals={2}
              min={0}
              disabled={form.values.isCancelAll}
              {...form.getInputProps(`lines.${index}.unitNetPrice`)}
              value={form.values.lines[index]?.unitNetPrice ?? null}
            />
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
}

/** The difference the correction will state (shared correctionTotals, as the server computes it). */
function CorrectionDifference({ totals, currency }: { totals: CorrectionTotals; currency: string }) {
  const { t } = useTranslation();
  const money = (minor: number) => formatMoney(minor, currency);
  return (
    <Table data-testid="correction-difference" fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('invoices.correct.difference')}</Table.Th>
          <Table.Th ta="right">{t('invoices.net')}</Table.Th>
          <Table.Th ta="right">{t('invoices.vat')}</Table.Th>
          <Table.Th ta="right">{t('invoices.gross')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <Table.Tr fw={700}>
          <Table.Td>{t('invoices.total')}</Table.Td>
          <Table.Td ta="right">{money(totals.netTotal)}</Table.Td>
          <Table.Td ta="right">{money(totals.vatTotal)}</Table.Td>
          <Table.Td ta="right">{money(totals.grossTotal)}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
