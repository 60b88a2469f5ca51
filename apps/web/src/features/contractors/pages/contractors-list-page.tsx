import '../i18n';
import type { ContractorListItem, ContractorSortKey } from '@grain/shared';
import { DEFAULT_PAGE_SIZE } from '@grain/shared';
import { Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCountries } from '../../../app/dictionaries';
import type { Column } from '../../../components/list/data-table';
import { rowLinkColumn, SearchListPage } from '../../../components/list/search-list-page';
import { useListState } from '../../../components/list/use-list-state';
import { useContractorList } from '../api';
import { ContractorCertificateBadge } from '../certificates/certificate-badge';
import { ContactsCell } from '../components/contacts-cell';
import { ContractorCode } from '../components/contractor-code';
import { formatAddress } from '../format';

/** spec/1 Contractors: search over code, name, nip, pesel and phone; sort default code ascending. */
export function Page() {
  const { t } = useTranslation();
  const list = useListState({ limit: DEFAULT_PAGE_SIZE, orderBy: 'code:asc' }, 'contractors');
  const query = useContractorList(list);
  const countries = useCountries();
  const countryName = (code: string) => countries.data?.find((country) => country.code === code)?.name;

  const columns: Column<ContractorListItem, ContractorSortKey>[] = [
    {
      key: 'contractor',
      card: 'title',
      isAlwaysShown: true,
      title: t('contractors.contractor'),
      sortKey: 'code',
      render: (row) => (
        <Stack gap={0} align="flex-start">
          <ContractorCode id={row.id} code={row.code} fw={700} />
          {row.name && (
            <Text size="xs" c="dimmed" lineClamp={2} maw={260}>
              {row.name}
            </Text>
          )}
          <ContractorCertificateBadge certificates={row.certificates ?? []} />
        </Stack>
      ),
    },
    { key: 'nip', card: 'field', title: t('contractors.nip'), sortKey: 'nip', render: (row) => row.nip ?? '—' },
    { key: 'pesel', title: t('contractors.pesel'), sortKey: 'pesel', render: (row) => row.pesel ?? '—' },
    {
      key: 'phoneNumber',
      card: 'field',
      title: t('contractors.phoneNumber'),
      sortKey: 'phone_number',
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {row.phoneNumber ?? '—'}
        </Text>
      ),
    },
    {
      key: 'contacts',
      card: 'field',
      title: t('contractors.contacts'),
      render: (row) => <ContactsCell contacts={row.contactList} />,
    },
    {
      key: 'address',
      card: 'field',
      title: t('contractors.address'),
      render: (row) => <Text size="sm">{formatAddress(row.accountingAddress, countryName)}</Text>,
    },
    rowLinkColumn({
      title: t('common.actions'),
      label: t('common.details'),
      icon: <IconEye size={16} />,
      to: (row) => `/contractor-list/form/${row.id}`,
      name: (row) => row.code,
    }),
  ];

  return (
    <SearchListPage
      title={t('contractors.title')}
      addLabel={t('contractors.add')}
      addTo="/contractor-list/form"
      listKey="contractors"
      savedViewsKey="contractors"
      searchPlaceholder={t('contractors.searchPlaceholder')}
      list={list}
      query={query}
      columns={columns}
    />
  );
}
