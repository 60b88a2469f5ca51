import '../i18n';
import { RR_PAYMENT_STATUSES, type RrInvoice } from '@grain/shared';
import { Box, Button, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchListPage } from '../../../components/list/search-list-page';
import { StatusChips } from '../../../components/list/status-chips';
import { useListState } from '../../../components/list/use-list-state';
import { toRrInvoiceFilter, useRrInvoiceList } from '../api';
import { ImportStatementModal } from '../components/import-statement-modal';
import { RecordPaymentForm } from '../components/record-payment-form';
import { useRrInvoiceColumns } from '../components/rr-invoice-columns';

/**
 * The VAT RR invoices issued here, newest first (RULES.md Invoices, VAT and KSeF, VAT RR): unpaid, paid in part, paid
 * in cash (not deductible), deductible per month; the PDF, the FA_RR XML and recording a payment per row.
 */
export function Page() {
  const { t } = useTranslation();
  const list = useListState({ orderBy: 'id:desc' });
  const query = useRrInvoiceList(list);
  const [paying, setPaying] = useState<RrInvoice | null>(null);
  const [isImporting, setImporting] = useState(false);
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;

  const columns = useRrInvoiceColumns(setPaying);

  return (
    <>
      <SearchListPage
        title={t('rrInvoices.title')}
        listKey="rr-invoices"
        searchPlaceholder={t('rrInvoices.searchPlaceholder')}
        list={list}
        query={query}
        columns={columns}
        actions={
          <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)}>
            {t('rrInvoices.import.action')}
          </Button>
        }
        filters={
          <Box mb="md">
            <StatusChips
              statuses={RR_PAYMENT_STATUSES}
              value={toRrInvoiceFilter(list.filter).paymentStatus ?? []}
              onChange={(paymentStatus) => list.setFilter({ ...list.filter, paymentStatus })}
              labelOf={(status) => t(`rrInvoices.statusChips.${status}`)}
            />
          </Box>
        }
      />
      <Modal
        opened={paying !== null}
        onClose={() => setPaying(null)}
        centered
        size="lg"
        fullScreen={isPhone}
        title={paying ? t('rrInvoices.paymentTitle', { number: paying.number }) : ''}
      >
        {paying && <RecordPaymentForm invoice={paying} onDone={() => setPaying(null)} />}
      </Modal>
      <ImportStatementModal opened={isImporting} onClose={() => setImporting(false)} />
    </>
  );
}
