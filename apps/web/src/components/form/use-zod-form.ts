import { type UseFormReturnType, useForm } from '@mantine/form';
import { type FormEvent, useMemo } from 'react';
import type { ZodType } from 'zod';
import { validationText } from '../../i18n';
import { focusFirstError } from './server-errors';

type FormErrors = Record<string, string>;

/** Runs a shared zod schema and returns Polish messages keyed by Mantine form paths ("contacts.0.email"). */
export function zodErrors(schema: ZodType, values: unknown): FormErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    if (!(path in errors)) {
      const limit =
        (issue as { maximum?: unknown; minimum?: unknown }).maximum ?? (issue as { minimum?: unknown }).minimum;
      errors[path] = validationText(issue.message, { max: limit, min: limit });
    }
  }
  return errors;
}

/**
 * The shared form machinery (ARCHITECTURE.md): zod schema from packages/shared, validate on blur, fields already
 * in error re-validate on every edit. Save buttons stay enabled: `handleSubmit` validates on click,
 * marks every wrong field and moves focus to the first one.
 */
export function useZodForm<Values extends Record<string, unknown>>(options: {
  schema: ZodType;
  initialValues: Values;
}) {
  const form: UseFormReturnType<Values> = useForm<Values>({
    mode: 'controlled',
    initialValues: options.initialValues,
    validate: (values) => zodErrors(options.schema, values),
    validateInputOnBlur: true,
    clearInputErrorOnChange: false,
    onValuesChange: () => {
      // Re-validate only the fields that already show an error, so typing does not flash new errors.
      const inError = Object.keys(form.errors);
      if (inError.length === 0) return;
      const current = zodErrors(options.schema, form.getValues());
      for (const path of inError) {
        if (current[path]) form.setFieldError(path, current[path]);
        else form.clearFieldError(path);
      }
    },
  });
  const isValid = useMemo(
    () => Object.keys(zodErrors(options.schema, form.values)).length === 0,
    [form.values, options.schema],
  );
  const handleSubmit =
    (handler: (values: Values) => unknown) =>
    (event?: FormEvent<HTMLFormElement>): void => {
      event?.preventDefault();
      const root = event?.currentTarget ?? document;
      const result = form.validate();
      if (result.hasErrors) {
        focusFirstError(Object.keys(result.errors), root);
        return;
      }
      void handler(form.getValues());
    };
  return Object.assign(form, { isValid, handleSubmit });
}
