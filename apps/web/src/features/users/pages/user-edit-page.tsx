import '../i18n';
import { Center, Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useUpdateUser, useUser } from '../api';
import { NEW_USER, UserForm } from '../components/user-form';

export function Page() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const user = useUser(id);
  const update = useUpdateUser(id);
  return (
    <>
      <PageHeader
        crumbs={[
          { label: t('nav.home'), to: '/positions' },
          { label: t('users.title'), to: '/users' },
          { label: t('users.editTitle') },
        ]}
        title={user.data ? `${user.data.firstName} ${user.data.lastName}` : t('users.editTitle')}
      />
      {!user.data ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : (
        <UserForm
          key={user.data.updatedAt}
          mode="edit"
          initialValues={{ ...NEW_USER, ...user.data }}
          isSaving={update.isPending}
          onSave={async ({ password: _p, repeatPassword: _r, ...values }) => {
            await update.mutateAsync({
              email: values.email,
              firstName: values.firstName,
              lastName: values.lastName,
              role: values.role,
              active: values.active,
              isNotifyOnPurchase: values.isNotifyOnPurchase,
              isNotifyOnSales: values.isNotifyOnSales,
              isNotifyOnCertificates: values.isNotifyOnCertificates,
            });
            notifications.show({ color: 'green', message: t('users.edited') });
            navigate('/users');
          }}
        />
      )}
    </>
  );
}
