import { MAX_CONTRACT_CONTACTS } from '@grain/shared';
import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AddEntryButton, EntryCard } from '../../../components/form/entry-card';
import { emptyContractContact } from '../form-values';
import type { ContractFormApi } from './form-types';

/** Contact persons of the contract: up to MAX_CONTRACT_CONTACTS (RULES.md Contracts), add disabled at the maximum. */
export function ContactsSection({ form }: { form: ContractFormApi }) {
  const { t } = useTranslation();
  const contacts = form.values.contactList;
  return (
    <Stack gap="sm">
      {contacts.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('contractors.noContacts')}
        </Text>
      )}
      {contacts.map((contact, index) => {
        const path = `contactList.${index}`;
        const number = index + 1;
        return (
          <EntryCard
            key={contact.id ?? `new-${index}`}
            title={t('contractors.contactNumber', { number })}
            removeLabel={t('contractors.removeContact', { number })}
            onRemove={() => form.removeListItem('contactList', index)}
          >
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
              <TextInput label={t('contractors.firstName')} {...form.getInputProps(`${path}.firstName`)} />
              <TextInput label={t('contractors.lastName')} {...form.getInputProps(`${path}.lastName`)} />
              <TextInput label={t('contractors.contactName')} {...form.getInputProps(`${path}.name`)} />
              <TextInput
                label={t('contractors.phoneNumber')}
                type="tel"
                {...form.getInputProps(`${path}.phoneNumber`)}
              />
              <TextInput label={t('contractors.email')} type="email" {...form.getInputProps(`${path}.email`)} />
            </SimpleGrid>
          </EntryCard>
        );
      })}
      <AddEntryButton
        label={t('contractors.addContact')}
        count={contacts.length}
        max={MAX_CONTRACT_CONTACTS}
        onAdd={() => form.insertListItem('contactList', emptyContractContact())}
      />
    </Stack>
  );
}
