import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type ConfirmOptions, confirmAction } from './confirm';
import { showServerErrors } from './server-errors';

export interface Change<Answer> {
  /** Asked first when the change cannot be undone (spec/2 section 9); a "no" sends nothing. */
  confirm?: ConfirmOptions;
  send: () => Promise<Answer>;
  /** The success toast, from the server's answer when it counts what changed. */
  saved: string | ((answer: Answer) => string);
  done: (answer: Answer) => void;
  /** Which field a refusal's code belongs to in this form (showServerErrors), decided from the refusal if need be. */
  fieldOfCode?: Record<string, string> | ((error: unknown) => Record<string, string>);
  /** Where a server path goes in this form, when the form is shaped differently from the request. */
  pathOf?: (path: string) => string;
  /** What the dialog does besides marking the refusal (go back a step, ask for a note). */
  onRefused?: (error: unknown) => void;
}

/**
 * The submit of a dialog that changes data: confirm when asked, send, a success toast, then done; a refusal goes
 * under the form's fields, or in a toast when it belongs to none (showServerErrors, spec/2 section 8 error format).
 */
export async function submitChange<Answer>(
  // biome-ignore lint/suspicious/noExplicitAny: any form's values
  form: UseFormReturnType<any>,
  change: Change<Answer>,
): Promise<void> {
  if (change.confirm && !(await confirmAction(change.confirm))) return;
  let answer: Answer;
  try {
    answer = await change.send();
  } catch (error) {
    // First, so a field the dialog shows only now (the over-delivery note) is there for its message.
    change.onRefused?.(error);
    const fieldOfCode = typeof change.fieldOfCode === 'function' ? change.fieldOfCode(error) : change.fieldOfCode;
    showServerErrors(form, error, fieldOfCode, change.pathOf);
    return;
  }
  const message = typeof change.saved === 'function' ? change.saved(answer) : change.saved;
  notifications.show({ color: 'green', message, withCloseButton: true });
  change.done(answer);
}
