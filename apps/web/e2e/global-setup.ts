import { request } from '@playwright/test';
import { ADMIN, BASE_URL, DEFAULT_ADMIN_PASSWORD } from './support';

/** The fresh server's admin has the default, expired password: tests use it after one change. */
export default async function globalSetup() {
  const context = await request.newContext({ baseURL: BASE_URL });
  const login = await context.post('/api/auth/login', {
    data: { email: ADMIN.email, password: DEFAULT_ADMIN_PASSWORD },
  });
  if (login.status() !== 200) throw new Error(`admin login failed: ${await login.text()}`);
  const { token } = await login.json();
  const changed = await context.post('/api/profile/change-password', {
    headers: { authorization: `Bearer ${token}` },
    data: { old_password: DEFAULT_ADMIN_PASSWORD, new_password: ADMIN.password },
  });
  if (changed.status() !== 200) throw new Error(`admin password change failed: ${await changed.text()}`);
  await context.dispose();
}
