import '../i18n';
import type { UserResponse, UserSortKey } from '@grain/shared';
import { DEFAULT_PAGE_SIZE } from '@grain/shared';
import { Badge, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../../components/list/data-table';
import { rowLinkColumn, SearchListPage } from '../../../components/list/search-list-page';
import { useListState } from '../../../components/list/use-list-state';
import { useUserList } from '../api';
import { RoleBadge } from '../components/role-badge';

/** spec/1 Users (ADMIN): search, sort default first_name ascending, 80 px rows. */
export function Page() {
  const { t } = useTranslation();
  const list = useListState({ limit: DEFAULT_PAGE_SIZE, orderBy: 'first_name:asc' }, 'users');
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
    rowLinkColumn({
      title: t('common.actions'),
      label: t('common.edit'),
      icon: <IconPencil size={16} />,
      to: (row) => `/users/form/${row.id}`,
      name: (row) => row.email,
    }),
  ];

  return (
    <SearchListPage
      title={t('users.title')}
      addLabel={t('users.add')}
      addTo="/user/create"
      listKey="users"
      savedViewsKey="users"
      searchPlaceholder={t('users.searchPlaceholder')}
      list={list}
      query={query}
      columns={columns}
      rowHeight={80}
    />
  );
}
