import { type ChangeEvent, useState } from 'react';

export type Validators<Values> = { [Name in keyof Values]?: (values: Values) => string | undefined };
type Errors<Values> = { [Name in keyof Values]?: string };
type TextName<Values> = { [Name in keyof Values]: Values[Name] extends string ? Name : never }[keyof Values] &
  string;
type ControlEvent = ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;

/**
 * The one form state of the web app: fields whose errors appear when a field loses focus (or on
 * submit, `validateAll`) and clear as soon as it is edited
 * (docs/product.md, "States and transitions"). `field(name)` gives the props of a <TextField>,
 * <TextAreaField> or <SelectField>;
 * `setValue` sets any field (a checkbox, a configured field); `onEdit` runs on every edit (forms
 * clear their alert there).
 */
export function useFormFields<Values extends Record<keyof Values, string | boolean>>(
  initial: Values,
  validators: Validators<Values>,
  onEdit?: () => void,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<Values>>({});

  const validate = (name: keyof Values, current: Values) => validators[name]?.(current);

  const setValue = <Name extends keyof Values>(name: Name, value: Values[Name]) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setErrors((previous) => ({ ...previous, [name]: undefined }));
    onEdit?.();
  };

  const field = <Name extends TextName<Values>>(name: Name) => ({
    name,
    value: values[name] as string,
    error: errors[name],
    onChange: (event: ControlEvent) => setValue(name, event.target.value as Values[Name]),
    onBlur: () => setErrors((previous) => ({ ...previous, [name]: validate(name, values) })),
  });

  /**
   * Shows the errors of the named fields (every field by default) as the validators find them
   * now, or as `found` gives them (a schema's check of the whole form), and moves focus to the
   * first invalid one in `form`; returns its name, if any.
   */
  const validateAll = (
    form?: HTMLFormElement,
    {
      names = Object.keys(values) as (keyof Values & string)[],
      found,
    }: { names?: (keyof Values & string)[]; found?: Errors<Values> } = {},
  ): (keyof Values & string) | undefined => {
    const next: Errors<Values> = {};
    for (const name of names) next[name] = found ? found[name] : validate(name, values);
    setErrors((previous) => ({ ...previous, ...next }));
    const invalid = names.find((name) => next[name]);
    if (form && invalid) focusField(form, invalid);
    return invalid;
  };

  const reset = () => {
    setValues(initial);
    setErrors({});
  };

  return { values, errors, field, setValue, validateAll, reset };
}

/** Moves focus to a form's control by name (the first invalid field after a submit). */
export function focusField(form: HTMLFormElement, name: string) {
  const control = form.elements.namedItem(name);
  if (control instanceof HTMLElement) control.focus();
}
