import { useSearchParams } from 'react-router';
import { useTransportDetails } from '../api';
import { TransportSummaryModal } from './transport-summary-modal';

/** The URL parameter that opens one transport's details over the logistics list (the command palette links it). */
export const OPEN_TRANSPORT_PARAM = 'open';

function OpenedTransportModal({ id, onClose }: { id: number; onClose: () => void }) {
  const details = useTransportDetails(id);
  return <TransportSummaryModal transport={details.data ?? null} onClose={onClose} />;
}

/** `?open=<id>`: the transport's details (with its history), closed by dropping the parameter. */
export function OpenedTransport() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get(OPEN_TRANSPORT_PARAM));
  if (!Number.isInteger(id) || id <= 0) return null;
  const close = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(OPEN_TRANSPORT_PARAM);
        return next;
      },
      { replace: true },
    );
  return <OpenedTransportModal key={id} id={id} onClose={close} />;
}
