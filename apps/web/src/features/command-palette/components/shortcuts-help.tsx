import { Kbd, Modal, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import '../i18n';

const SHORTCUTS: { keys: string[]; action: string }[] = [
  { keys: ['Ctrl', 'K'], action: 'shortcuts.palette' },
  { keys: ['/'], action: 'shortcuts.listSearch' },
  { keys: ['?'], action: 'shortcuts.help' },
  { keys: ['Esc'], action: 'shortcuts.close' },
];

/** '?': the keyboard shortcuts of the app. */
export function ShortcutsHelp({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('shortcuts.title')} size="md">
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('shortcuts.keys')}</Table.Th>
            <Table.Th>{t('shortcuts.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {SHORTCUTS.map((shortcut) => (
            <Table.Tr key={shortcut.action}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {shortcut.keys.map((key, index) => (
                  <span key={key}>
                    {index > 0 && ' + '}
                    <Kbd>{key}</Kbd>
                  </span>
                ))}
              </Table.Td>
              <Table.Td>{t(shortcut.action)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
