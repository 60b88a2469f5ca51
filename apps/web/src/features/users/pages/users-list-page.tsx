import '../i18n';
import type { UserResponse, UserSortKey } from '@grain/shared';
import { ActionIcon, Badge, Button, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/list/data-table';
import { ListToolbar } from '../../../components/list/list-toolbar';
import { useListState } from '../../../components/list/use-list-state';
import { PageHeader } from '../../../components/page-header';
import { useUserList } from '../api';
import { RoleBadge } from '../components/role-badge';

/** spec/1 Users (ADMIN): search, sort default first_name ascending, 80 px rows. */
export function Page() {
  const { t } = useTranslation();
  const list = useListState({ orderBy: 'first_name:asc' });
  const query = useUserList(list);

  const columns: Column<UserResponse, UserSortKey>[] = [
    {
      key: 'firstName',
      card: 'title',
      isAlwaysShown: true,
      title: t('users.firstName'),
      sortKey: 'first_name',
      render: (row) => <Text fw={500}>{row.firstName}</Text>,
    },
    {
      key: 'lastName',
      card: 'subtitle',
      title: t('users.lastName'),
      sortKey: 'last_name',
      render: (row) => row.lastName,
    },
    { key: 'email', card: 'field', title: t('users.email'), sortKey: 'email', render: (row) => row.email },
    {
      key: 'role',
      card: 'badge',
      title: t('users.role'),
      sortKey: 'role',
      render: (row) => <RoleBadge role={row.role} />,
    },
    {
      key: 'active',
      card: 'badge',
      title: t('users.status'),
      render: (row) => (
        <Badge color={row.active ? 'green' : 'gray'} variant="dot">
          {row.active ? t('users.active') : t('users.inactive')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      card: 'actions',
      isAlwaysShown: true,
      title: t('common.actions'),
      align: 'right',
      sticky: true,
      render: (row) => (
        <Tooltip label={t('common.edit')}>
          <ActionIcon
            component={Link}
            to={`/users/form/${row.id}`}
            variant="light"
            aria-label={`${t('common.edit')} ${row.email}`}
          >
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        crumbs={[{ label: t('nav.home'), to: '/positions' }, { label: t('users.title') }]}
        title={t('users.title')}
        actions={
          <Button component={Link} to="/user/create" leftSection={<IconPlus size={16} />}>
            {t('users.add')}
          </Button>
        }
      />
      <ListToolbar
        list={list}
        listKey="users"
        searchPlaceholder={t('users.searchPlaceholder')}
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
        rowHeight={80}
        listId="users"
        defaultDensity="comfortable"
      />
    </>
  );
}
