import '../i18n';
import type { ContractorListItem, ContractorSortKey } from '@grain/shared';
import { ActionIcon, Button, Stack, Text, Tooltip } from '@mantine/core';
import { IconEye, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCountries } from '../../../app/dictionaries';
import { type Column, DataTable } from '../../../components/list/data-table';
import { ListToolbar } from '../../../components/list/list-toolbar';
import { useListState } from '../../../components/list/use-list-state';
import { PageHeader } from '../../../components/page-header';
import { useContractorList } from '../api';
import { ContractorCertificateBadge } from '../certificates/certificate-badge';
import { ContactsCell } from '../components/contacts-cell';
import { ContractorCode } from '../components/contractor-code';
import { formatAddress } from '../format';

/** spec/1 Contractors: search over code, name, nip, pesel and phone; sort default code ascending. */
export function Page() {
  const { t } = useTranslation();
  const list = useListState({ orderBy: 'code:asc' });
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
    {
      key: 'actions',
      card: 'actions',
      isAlwaysShown: true,
      title: t('common.actions'),
      align: 'right',
      sticky: true,
      render: (row) => (
        <Tooltip label={t('common.details')}>
          <ActionIcon
            component={Link}
            to={`/contractor-list/form/${row.id}`}
            variant="light"
            aria-label={`${t('common.details')} ${row.code}`}
          >
            <IconEye size={16} />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        crumbs={[{ label: t('nav.home'), to: '/positions' }, { label: t('contractors.title') }]}
        title={t('contractors.title')}
        actions={
          <Button component={Link} to="/contractor-list/form" leftSection={<IconPlus size={16} />}>
            {t('contractors.add')}
          </Button>
        }
      />
      <ListToolbar
        list={list}
        listKey="contractors"
        searchPlaceholder={t('contractors.searchPlaceholder')}
        onRefresh={() => void query.refetch()}
        isFetching={query.isFetching}
        fetchedAt={query.dataUpdatedAt}
      />
      <DataTable
        columns={columns}
        rows={query.data?.list}
        filtered={query.data?.filtered ?? 0}
        rowKey={(row) => row.id}
        list={list}
        isLoading={query.isFetching}
        isError={query.isError}
        listId="contractors"
        defaultDensity="comfortable"
      />
    </>
  );
}
