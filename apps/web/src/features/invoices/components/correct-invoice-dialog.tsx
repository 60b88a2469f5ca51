import type { CorrectionTotals, InvoiceDetails } from '@grain/shared';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { submitChange } from '../../../components/form/submit-change';
import { useZodForm } from '../../../components/form/use-zod-form';
import { formatMoney, formatPricePerTonne, formatTonnes } from '../../../lib/format';
import { useCorrectInvoice } from '../api';
import { correctInvoiceDefaults, correctionPreview, toCorrectInvoiceRequest } from '../correct-invoice-form';
import { type CorrectionFormValues, correctionFormSchema } from '../correction-form';
import { invoicePath } from '../paths';
import { CorrectionFormBody, CorrectionModal } from './correction-form-body';

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
  return (
    <CorrectionModal title={t('invoices.correct.title')} isOpen={isOpen} onClose={onClose}>
      <CorrectInvoiceForm invoice={invoice} onClose={onClose} />
    </CorrectionModal>
  );
}

function CorrectInvoiceForm({ invoice, onClose }: { invoice: InvoiceDetails; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const correct = useCorrectInvoice(invoice.correctedInvoiceId ?? invoice.id);
  const form = useZodForm<CorrectionFormValues>({
    schema: correctionFormSchema,
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
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  return (
    <CorrectionFormBody
      form={form}
      hint={t('invoices.correct.hint', { number: invoice.correctedInvoice?.number ?? invoice.number })}
      lines={invoice.currentLines.map((line) => ({
        position: line.position,
        title: line.name,
        now: t('invoices.correct.now', {
          quantity: formatTonnes(line.quantity),
          price: formatPricePerTonne(line.unitNetPrice, invoice.currency),
          net: money(line.netValue),
        }),
      }))}
      priceLabel={t('invoices.correct.unitNetPrice', { currency: invoice.currency })}
      difference={<CorrectionDifference totals={preview} currency={invoice.currency} />}
      isPending={correct.isPending}
      onSubmit={submit}
      onClose={onClose}
    />
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
