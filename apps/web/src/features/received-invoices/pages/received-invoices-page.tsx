import '../i18n';
import { RECEIVED_INVOICE_STATUSES } from '@grain/shared';
import { Box, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SearchListPage } from '../../../components/list/search-list-page';
import { StatusChips } from '../../../components/list/status-chips';
import { useListState } from '../../../components/list/use-list-state';
import { toReceivedInvoiceFilter, useReceivedInvoiceDetails, useReceivedInvoiceList } from '../api';
import { useReceivedInvoiceColumns } from '../components/received-invoice-columns';
import { ReceivedInvoicePanel } from '../components/received-invoice-panel';
import { OPEN_RECEIVED_INVOICE_PARAM } from '../paths';

/** `?open=<id>`: the invoice shown over the list (a statement row links there), closed by dropping the parameter. */
function useOpenedInvoice() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get(OPEN_RECEIVED_INVOICE_PARAM));
  const setOpen = (next: number | null) =>
    setParams((current) => {
      const changed = new URLSearchParams(current);
      if (next === null) changed.delete(OPEN_RECEIVED_INVOICE_PARAM);
      else changed.set(OPEN_RECEIVED_INVOICE_PARAM, String(next));
      return changed;
    });
  return [Number.isInteger(id) && id > 0 ? id : null, setOpen] as const;
}

/**
 * "Faktury otrzymane" (RULES.md Invoices, VAT and KSeF: a received invoice matched to statement rows): invoices
 * fetched from KSeF, matched, to assign, with differences, or hidden as not ours; one opens with its rows.
 */
export function Page() {
  const { t } = useTranslation();
  const list = useListState({ orderBy: 'id:desc' });
  const query = useReceivedInvoiceList(list);
  const [openId, setOpen] = useOpenedInvoice();
  const open = useReceivedInvoiceDetails(openId).data;
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const columns = useReceivedInvoiceColumns((invoice) => setOpen(invoice.id));

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
        opened={openId !== null}
        onClose={() => setOpen(null)}
        centered
        size="xl"
        fullScreen={isPhone}
        title={open ? t('receivedInvoices.details', { number: open.number ?? open.ksefNumber }) : ''}
      >
        {openId !== null && <ReceivedInvoicePanel id={openId} />}
      </Modal>
    </>
  );
}
