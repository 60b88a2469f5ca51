import type { TransportResponse } from '@grain/shared';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { i18n } from '../../../i18n';
import type { TransportFormContext } from '../transport-form';
import { TransportForm } from './transport-form';
import { TransportSummary } from './transport-summary-modal';
import { isPhoneNow } from './use-is-phone';

export interface CreateTransportOptions extends TransportFormContext {
  /** Called with the created transport (before its summary shows). */
  onCreated?: (transport: TransportResponse) => void;
}

function CreateTransportFlow({ modalId, options }: { modalId: string; options: CreateTransportOptions }) {
  const [created, setCreated] = useState<TransportResponse | null>(null);
  const close = () => modals.close(modalId);
  if (created) return <TransportSummary transport={created} onClose={close} />;
  return (
    <TransportForm
      context={options}
      onCancel={close}
      onSaved={(transport) => {
        options.onCreated?.(transport);
        modals.updateModal({ modalId, title: i18n.t('transports.summary.createdTitle', { id: transport.id }) });
        setCreated(transport);
      }}
    />
  );
}

let serial = 0;

/**
 * Opens the create-transport modal for an allocation pair, then the transport summary with copy to clipboard
 * (spec/1 Allocations page and the purchase dashboard's realization rows). Usable from any screen.
 */
export function openCreateTransport(options: CreateTransportOptions): string {
  serial += 1;
  const modalId = `create-transport-${serial}`;
  modals.open({
    modalId,
    title: i18n.t('transports.form.createTitle'),
    size: 'xl',
    centered: true,
    fullScreen: isPhoneNow(),
    children: <CreateTransportFlow modalId={modalId} options={options} />,
  });
  return modalId;
}
