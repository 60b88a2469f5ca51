import type { ContractorResponse } from '@grain/shared';
import { Divider, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountries } from '../../../app/dictionaries';
import { formatDateTime } from '../../../lib/format';
import { contactName, formatAddress } from '../format';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </div>
  );
}

function useCountryName() {
  const countries = useCountries();
  return (code: string) => countries.data?.find((country) => country.code === code)?.name;
}

/** Read-only view of one contractor: the body of the details popup. */
export function ContractorDetails({ contractor }: { contractor: ContractorResponse }) {
  const { t } = useTranslation();
  const countryName = useCountryName();
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
        <Field label={t('contractors.code')}>{contractor.code}</Field>
        <Field label={t('contractors.name')}>{contractor.name}</Field>
        <Field label={t('contractors.nip')}>{contractor.nip}</Field>
        <Field label={t('contractors.pesel')}>{contractor.pesel}</Field>
        <Field label={t('contractors.label')}>{contractor.label && t(`contractors.labels.${contractor.label}`)}</Field>
        <Field label={t('contractors.accountingMethod')}>
          {contractor.accountingMethod && t(`contractors.accountingMethods.${contractor.accountingMethod}`)}
        </Field>
        <Field label={t('contractors.email')}>{contractor.email}</Field>
        <Field label={t('contractors.phoneNumber')}>{contractor.phoneNumber}</Field>
      </SimpleGrid>
      <Field label={t('contractors.accountingAddressSection')}>
        {formatAddress(contractor.accountingAddress, countryName)}
      </Field>

      <Divider />
      <Title order={5}>{t('contractors.contactsSection')}</Title>
      {contractor.contactList.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('contractors.noContacts')}
        </Text>
      ) : (
        <Stack gap={6}>
          {contractor.contactList.map((contact) => (
            <div key={contact.id}>
              <Text size="sm" fw={500}>
                {contactName(contact)}
              </Text>
              <Text size="xs" c="dimmed">
                {[contact.phoneNumber, contact.email].filter(Boolean).join(' · ') || '—'}
              </Text>
            </div>
          ))}
        </Stack>
      )}

      <Divider />
      <Title order={5}>{t('contractors.addressesSection')}</Title>
      {contractor.additionalAddress.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('contractors.noAddresses')}
        </Text>
      ) : (
        <Stack gap={6}>
          {contractor.additionalAddress.map((address) => (
            <Field key={address.id} label={address.name ?? ''}>
              {formatAddress(address, countryName)}
            </Field>
          ))}
        </Stack>
      )}

      <Text size="xs" c="dimmed">
        {t('contractors.createdAt')}: {formatDateTime(contractor.createdAt)} · {t('contractors.updatedAt')}:{' '}
        {formatDateTime(contractor.updatedAt)}
      </Text>
    </Stack>
  );
}
