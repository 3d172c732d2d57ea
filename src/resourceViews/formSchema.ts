import { z } from 'zod';
import type { FieldDefinition, FormLayout } from '../../resources/types';

/** The names of the fields a form holds, in its order. */
export const formFieldNames = (form: FormLayout) => form.rows.flatMap((row) => (typeof row === 'string' ? [row] : [...row]));

/** The form's schema: each field's contract rule (the server checks the same ones). A field without a rule is a free, optional value. */
export function formSchema(form: FormLayout, fields: Record<string, FieldDefinition>) {
  return z.object(
    Object.fromEntries(
      formFieldNames(form).map((name) => {
        const field = fields[name];
        if (!field) throw new Error(`form field "${name}" is not declared in the resource's fields`);
        return [name, field.rule ?? (field.kind === 'boolean' ? z.boolean().optional() : z.unknown().optional())];
      }),
    ),
  );
}

/** The values a form starts from: the record's, else an empty value of each field's kind. */
export function formValues(form: FormLayout, fields: Record<string, FieldDefinition>, record: Record<string, unknown> = {}) {
  return Object.fromEntries(
    formFieldNames(form).map((name) => [
      name,
      record[name] ??
        (fields[name].kind === 'boolean'
          ? false
          : fields[name].kind === 'text' || fields[name].kind === 'longText' || fields[name].kind === 'email'
            ? ''
            : null),
    ]),
  );
}
