import { notifications } from '@mantine/notifications';

export type ToastKind = 'success' | 'error' | 'warning';

/** The colour of each kind of toast (spec/1 section 2: success, error, warning). */
export const TOAST_COLORS: Record<ToastKind, string> = { success: 'green', error: 'red', warning: 'yellow' };

/** spec/2 section 9: toasts close after 5 seconds and can be closed by hand. */
export const TOAST_AUTO_CLOSE_MS = 5000;

export function showToast(kind: ToastKind, { title, message = '' }: { title?: string; message?: string }) {
  notifications.show({
    color: TOAST_COLORS[kind],
    title,
    message,
    autoClose: TOAST_AUTO_CLOSE_MS,
    withCloseButton: true,
  });
}
