import type { TransportResponse } from '@grain/shared';
import { Modal, type ModalProps } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { useIsPhone } from './use-is-phone';

/** A transport dialog's props: the transport it is about (null keeps it closed) and how it closes. */
export interface TransportDialogProps {
  transport: TransportResponse | null;
  onClose: () => void;
}

interface TransportModalProps extends TransportDialogProps {
  size: ModalProps['size'];
  title: (transport: TransportResponse) => string;
  /** The dialog's content, keyed by the transport so another transport starts from fresh values. */
  children: (transport: TransportResponse) => ReactNode;
}

/** A dialog about one transport (to delivered, redirect): centred, full screen on a phone. */
export function TransportModal({ transport, onClose, size, title, children }: TransportModalProps) {
  const isPhone = useIsPhone();
  return (
    <Modal
      opened={transport !== null}
      onClose={onClose}
      size={size}
      centered
      fullScreen={isPhone}
      title={transport ? title(transport) : ''}
    >
      {transport && <Fragment key={transport.id}>{children(transport)}</Fragment>}
    </Modal>
  );
}
