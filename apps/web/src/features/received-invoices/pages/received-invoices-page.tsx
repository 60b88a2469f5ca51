import '../i18n';
import { RECEIVED_INVOICE_STATUSES, type ReceivedInvoice } from '@grain/shared';
import { Box, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchListPage } from '../../../components/list/search-list-page';
import { StatusChips } from '../../../components/list/status-chips';
import { useListState } from '../../../components/list/use-list-state';
import { toReceivedInvoiceFilter, useReceivedInvoiceList } from '../api';
import { useReceivedInvoiceColumns } from '../components/received-invoice-columns';
import { ReceivedInvoicePanel } from '../components/received-invoice-panel';

/**
 * "Faktury otrzymane" (RULES.md Invoices, VAT and KSeF: a received invoice matched to statement rows): invoices
 * fetched from KSeF, matched, to assign, with differences, or hidden as not ours; one opens with its rows.
 */
export function Page() {
  const { t } = useTranslation();
  const list = useListState({ orderBy: 'id:desc' });
  const query = useReceivedInvoiceList(list);
  const [open, setOpen] = useState<ReceivedInvoice | null>(null);
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const columns = useReceivedInvoiceColumns(setOpen);

  return (
    <>
      <SearchListPage
        title={t('receivedInvoices.title')}
        listKey="received-invoices"
        searchPlaceholder={t('receivedInvoices.searchPlaceholder')}
        list={list}
        query={query}
        columns={columns}
        filters={
          <Box mb="md">
            <StatusChips
              statuses={RECEIVED_INVOICE_STATUSES}
              value={toReceivedInvoiceFilter(list.filter).status ?? []}
              onChange={(status) => list.setFilter({ ...list.filter, status })}
              labelOf={(status) => t(`receivedInvoices.statusChips.${status}`)}
            />
          </Box>
        }
      />
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        centered
        size="xl"
        fullScreen={isPhone}
        title={open ? t('receivedInvoices.details', { number: open.number ?? open.ksefNumber }) : ''}
      >
        {open && <ReceivedInvoicePanel id={open.id} />}
      </Modal>
    </>
  );
}
