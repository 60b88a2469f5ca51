import { GENDERS, MAX_CONTRACTOR_CONTACTS } from '@grain/shared';
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { AddEntryButton, EntryCard } from '../../../components/form/entry-card';
import { type ContractorFormValues, emptyContact } from '../form-values';

/** "Osoby kontaktowe": repeatable, at most MAX_CONTRACTOR_CONTACTS; the form always shows at least one. */
export function ContactsSection({ form }: { form: UseFormReturnType<ContractorFormValues> }) {
  const { t } = useTranslation();
  const contacts = form.values.contactList;

  const remove = (index: number) => {
    if (contacts.length === 1) form.setFieldValue('contactList', [emptyContact()]);
    else form.removeListItem('contactList', index);
  };

  return (
    <Stack gap="sm">
      {contacts.map((contact, index) => {
        const path = `contactList.${index}`;
        const number = index + 1;
        return (
          <EntryCard
            key={contact.id ?? `new-${index}`}
            title={t('contractors.contactNumber', { number })}
            removeLabel={t('contractors.removeContact', { number })}
            onRemove={() => remove(index)}
          >
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
              <TextInput label={t('contractors.firstName')} {...form.getInputProps(`${path}.firstName`)} />
              <TextInput label={t('contractors.middleName')} {...form.getInputProps(`${path}.middleName`)} />
              <TextInput label={t('contractors.lastName')} {...form.getInputProps(`${path}.lastName`)} />
              <TextInput label={t('contractors.contactName')} {...form.getInputProps(`${path}.name`)} />
              <TextInput
                label={t('contractors.phoneNumber')}
                type="tel"
                {...form.getInputProps(`${path}.phoneNumber`)}
              />
              <TextInput label={t('contractors.email')} type="email" {...form.getInputProps(`${path}.email`)} />
              <Select
                label={t('contractors.gender')}
                clearable
                data={GENDERS.map((gender) => ({ value: gender, label: t(`contractors.genders.${gender}`) }))}
                {...form.getInputProps(`${path}.gender`)}
              />
            </SimpleGrid>
          </EntryCard>
        );
      })}
      <AddEntryButton
        label={t('contractors.addContact')}
        count={contacts.length}
        max={MAX_CONTRACTOR_CONTACTS}
        onAdd={() => form.insertListItem('contactList', emptyContact())}
      />
    </Stack>
  );
}
