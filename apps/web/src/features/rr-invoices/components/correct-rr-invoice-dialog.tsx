import type { RrInvoice, RrTotals } from '@grain/shared';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { submitChange } from '../../../components/form/submit-change';
import { useZodForm } from '../../../components/form/use-zod-form';
import { formatMoney, formatPricePerTonne, formatTonnes } from '../../../lib/format';
import {
  CorrectionFormBody,
  type CorrectionFormValues,
  CorrectionModal,
  correctionDefaults,
  correctionFormSchema,
} from '../../invoices';
import { useCorrectRrInvoice } from '../api';
import { rrCorrectionPreview, toRrCorrectionRequest } from '../correct-rr-form';
import { rrInvoicePath } from '../paths';

interface CorrectRrInvoiceDialogProps {
  invoice: RrInvoice;
  isOpen: boolean;
  onClose: () => void;
}

/**
 * "Koryguj" on a VAT RR invoice (RULES.md Invoices, VAT and KSeF: "Faktura VAT RR KOREKTA"): the sales correction's
 * form on the lines as they stand now, in prices without the refund; the value, refund and total differences shown
 * as they are typed, and the new correction opens once issued.
 */
export function CorrectRrInvoiceDialog({ invoice, isOpen, onClose }: CorrectRrInvoiceDialogProps) {
  const { t } = useTranslation();
  return (
    <CorrectionModal title={t('rrInvoices.correct.title')} isOpen={isOpen} onClose={onClose}>
      <CorrectRrInvoiceForm invoice={invoice} onClose={onClose} />
    </CorrectionModal>
  );
}

function CorrectRrInvoiceForm({ invoice, onClose }: { invoice: RrInvoice; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const correct = useCorrectRrInvoice(invoice.correctedRrInvoiceId ?? invoice.id);
  const form = useZodForm<CorrectionFormValues>({
    schema: correctionFormSchema,
    initialValues: correctionDefaults(invoice.currentLines),
  });
  const preview = rrCorrectionPreview(invoice.currentLines, form.values, invoice.refundRatePercent);
  const submit = form.handleSubmit(async (values) => {
    await submitChange(form, {
      send: () => correct.mutateAsync(toRrCorrectionRequest(values)),
      saved: (correction) => t('rrInvoices.correct.issued', { number: correction.number }),
      done: (correction) => {
        onClose();
        void navigate(rrInvoicePath(correction.id));
      },
    });
  });
  return (
    <CorrectionFormBody
      form={form}
      hint={t('rrInvoices.correct.hint', { number: invoice.number })}
      lines={invoice.currentLines.map((line) => ({
        position: line.position,
        title: `${line.name} (${line.quality})`,
        now: t('rrInvoices.correct.now', {
          quantity: formatTonnes(line.quantity),
          price: formatPricePerTonne(line.unitPrice, 'PLN'),
          value: formatMoney(line.value, 'PLN'),
          refund: formatMoney(line.refund, 'PLN'),
        }),
      }))}
      priceLabel={t('rrInvoices.correct.unitPrice')}
      difference={<RrCorrectionDifference totals={preview} />}
      isPending={correct.isPending}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}

/** The difference the correction will state: value without the refund, the refund, the total due. */
function RrCorrectionDifference({ totals }: { totals: RrTotals }) {
  const { t } = useTranslation();
  const money = (minor: number) => formatMoney(minor, 'PLN');
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table data-testid="correction-difference" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('invoices.correct.difference')}</Table.Th>
            <Table.Th ta="right">{t('rrInvoices.value')}</Table.Th>
            <Table.Th ta="right">{t('rrInvoices.refund')}</Table.Th>
            <Table.Th ta="right">{t('rrInvoices.total')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr fw={700}>
            <Table.Td>{t('invoices.total')}</Table.Td>
            <Table.Td ta="right">{money(totals.netMinor)}</Table.Td>
            <Table.Td ta="right">{money(totals.refundMinor)}</Table.Td>
            <Table.Td ta="right">{money(totals.totalMinor)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
