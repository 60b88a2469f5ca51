/** What other features use of users: a role's badge, and with it the user field texts (the account screen shows them). */
import './i18n';

export { RoleBadge } from './components/role-badge';
