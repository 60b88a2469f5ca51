import type { WeighbridgeTicket } from '@grain/shared';
import { Button, Group, Menu } from '@mantine/core';
import { IconPencil, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob, showErrorToast } from '../../../api/client';
import { downloadTicketPdf, type TicketLayout } from '../api';
import { CorrectTicketModal } from './correct-ticket-modal';

const LAYOUTS: TicketLayout[] = ['A4', 'A5', 'RECEIPT'];

/** A closed ticket: print it (A4, A5, an 80 mm receipt printer) or correct it with a new ticket. */
export function TicketMenu({
  transportId,
  ticket,
  canCorrect,
}: {
  transportId: number;
  ticket: WeighbridgeTicket;
  canCorrect: boolean;
}) {
  const { t } = useTranslation();
  const [isCorrecting, setCorrecting] = useState(false);
  const print = async (layout: TicketLayout) => {
    try {
      const blob = await downloadTicketPdf(ticket.id, layout);
      saveBlob(blob, `kwit-wagowy-${ticket.number.replaceAll('/', '-')}-${layout.toLowerCase()}.pdf`);
    } catch (error) {
      showErrorToast(error);
    }
  };
  return (
    <Group gap="xs">
      <Menu position="bottom-start">
        <Menu.Target>
          <Button size="xs" variant="light" leftSection={<IconPrinter size={14} />}>
            {t('weighbridge.pdf')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {LAYOUTS.map((layout) => (
            <Menu.Item key={layout} onClick={() => void print(layout)}>
              {t(`weighbridge.layouts.${layout}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {canCorrect && (
        <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={() => setCorrecting(true)}>
          {t('weighbridge.correct')}
        </Button>
      )}
      {isCorrecting && (
        <CorrectTicketModal transportId={transportId} ticket={ticket} onClose={() => setCorrecting(false)} />
      )}
    </Group>
  );
}
