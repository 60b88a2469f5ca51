import type { UserRole } from '@grain/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function RoleBadge({ role }: { role: UserRole }) {
  const { t } = useTranslation();
  return (
    <Badge color={role === 'ADMIN' ? 'grape' : 'blue'} variant="light">
      {t(`users.roles.${role}`)}
    </Badge>
  );
}
