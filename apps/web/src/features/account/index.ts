/** What the app shell uses of the account: the forced password change after an administrator's reset. */
export { ForcedPasswordChange } from './components/forced-password-change';
