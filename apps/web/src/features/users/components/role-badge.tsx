import type { UserRole } from '@grain/shared';
import { Badge, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function RoleBadge({ role, size }: { role: UserRole; size?: MantineSize }) {
  const { t } = useTranslation();
  return (
    <Badge color={role === 'ADMIN' ? 'grape' : 'blue'} size={size} variant="light">
      {t(`users.roles.${role}`)}
    </Badge>
  );
}
