import type { InvoiceDetails } from '@grain/shared';
import { Button, Group } from '@mantine/core';
import { IconCloudUpload, IconDownload, IconFileTypePdf, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from '../../../api/client';
import { showToast } from '../../../components/toasts';
import { downloadInvoicePdf, downloadInvoiceUpo, downloadInvoiceXml, useSendToKsef } from '../api';
import { sendBlockerKey } from './ksef-panel';

type Download = 'pdf' | 'xml' | 'upo';

/**
 * The invoice's actions, in one group: KSeF first (send, its UPO), then the documents (PDF, XML). A disabled button
 * names its reason in the KSeF panel (aria-describedby), never silently (CONTRIBUTING.md Web forms).
 */
export function InvoiceActions({ invoice }: { invoice: InvoiceDetails }) {
  const { t } = useTranslation();
  const send = useSendToKsef(invoice.id);
  const [downloading, setDownloading] = useState<Download | null>(null);
  const download = async (kind: Download) => {
    setDownloading(kind);
    try {
      if (kind === 'pdf') await downloadInvoicePdf(invoice);
      else if (kind === 'xml') await downloadInvoiceXml(invoice);
      else await downloadInvoiceUpo(invoice);
    } catch (error) {
      showErrorToast(error);
    } finally {
      setDownloading(null);
    }
  };
  const sendBlocker = sendBlockerKey(invoice.status);
  const hasUpo = invoice.ksefNumber !== null;
  const sendToKsef = async () => {
    const queued = await send.mutateAsync();
    showToast('success', { title: t('invoices.ksef.queued', { number: queued.number }) });
  };

  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label={t('invoices.actions')} data-testid="invoice-actions">
      <Button
        leftSection={<IconCloudUpload size={16} />}
        onClick={() => void sendToKsef().catch(() => undefined)}
        loading={send.isPending}
        disabled={sendBlocker !== null}
        aria-describedby={sendBlocker ? 'ksef-send-blocker' : undefined}
      >
        {t(invoice.status === 'REJECTED' ? 'invoices.ksef.sendAgain' : 'invoices.ksef.send')}
      </Button>
      <Button
        variant="default"
        leftSection={<IconReceipt size={16} />}
        onClick={() => void download('upo')}
        loading={downloading === 'upo'}
        disabled={!hasUpo}
        aria-describedby={hasUpo ? undefined : 'ksef-upo-blocker'}
      >
        {t('invoices.ksef.downloadUpo')}
      </Button>
      {/* The correction ("Koryguj", a KOR invoice) goes here: between KSeF and the document downloads. */}
      <Button
        variant="default"
        leftSection={<IconFileTypePdf size={16} />}
        onClick={() => void download('pdf')}
        loading={downloading === 'pdf'}
        aria-label={t('invoices.downloadPdfLabel')}
      >
        {t('invoices.downloadPdf')}
      </Button>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        onClick={() => void download('xml')}
        loading={downloading === 'xml'}
        aria-label={t('invoices.downloadXmlLabel')}
      >
        {t('invoices.downloadXmlShort')}
      </Button>
    </Group>
  );
}
