import type { ContactResponse } from '@grain/shared';
import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { contactName } from '../format';

function ContactLine({ contact }: { contact: ContactResponse }) {
  const reach = [contact.phoneNumber, contact.email].filter(Boolean).join(', ');
  return (
    <Text size="sm" component="span">
      {contactName(contact)}
      {reach && <Text span size="xs" c="gray.4">{` · ${reach}`}</Text>}
    </Text>
  );
}

/** spec/1 Contractors: the first contact, and "+N" with a tooltip listing all when there are two or more. */
export function ContactsCell({ contacts }: { contacts: ContactResponse[] }) {
  const { t } = useTranslation();
  const [first] = contacts;
  if (!first) return <Text c="dimmed">—</Text>;
  const rest = contacts.length - 1;
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" truncate maw={200}>
        {contactName(first)}
      </Text>
      {rest > 0 && (
        <Tooltip
          withArrow
          multiline
          maw={360}
          events={{ hover: true, focus: true, touch: true }}
          label={
            <Stack gap={2} data-testid="contacts-tooltip">
              {contacts.map((contact) => (
                <ContactLine key={contact.id} contact={contact} />
              ))}
            </Stack>
          }
        >
          <Badge
            variant="light"
            size="sm"
            tabIndex={0}
            style={{ cursor: 'help' }}
            aria-label={t('contractors.moreContacts', { count: contacts.length })}
          >
            +{rest}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}
