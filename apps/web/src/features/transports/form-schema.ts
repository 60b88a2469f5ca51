import { z } from 'zod';

/** One extra rule of a form: a message key (validation.*) on a field path. */
export interface FormIssue {
  path: string;
  message: string;
}

/**
 * A form schema made of a shared request schema: the form values (tonnes, major units, empty strings) are mapped
 * to the request body (kilograms, minor units, nulls) and checked by the shared schema, so its issues land on the
 * form fields of the same name; `extra` adds the rules that need what the request does not carry (the sale's GMP).
 */
export function formSchemaOf<Values, Body>(
  shared: z.ZodType,
  toBody: (values: Values) => Body,
  extra: (values: Values, body: Body) => FormIssue[] = () => [],
) {
  return z.custom<Values>().superRefine((values, ctx) => {
    const body = toBody(values);
    const result = shared.safeParse(body);
    if (!result.success) {
      for (const issue of result.error.issues) {
        // maximum / minimum ride along: zodErrors reads them for the length messages.
        const { maximum, minimum } = issue as { maximum?: unknown; minimum?: unknown };
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, maximum, minimum } as never);
      }
    }
    for (const issue of extra(values, body))
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
}
