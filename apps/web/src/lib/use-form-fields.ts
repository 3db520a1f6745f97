import { type ChangeEvent, useState } from 'react';

type Validators<Values> = { [Name in keyof Values]?: (values: Values) => string | undefined };
type Errors<Values> = { [Name in keyof Values]?: string };

/**
 * Text fields whose errors appear when a field loses focus and clear as soon as it is edited
 * (docs/product.md, "States and transitions"). `field(name)` gives the props for a <TextField>.
 */
export function useFormFields<Values extends Record<keyof Values, string>>(
  initial: Values,
  validators: Validators<Values>,
  onEdit?: () => void,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<Values>>({});

  const validate = (name: keyof Values, current: Values) => validators[name]?.(current);

  const field = <Name extends keyof Values & string>(name: Name) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.target;
      setValues((previous) => ({ ...previous, [name]: value }));
      setErrors((previous) => ({ ...previous, [name]: undefined }));
      onEdit?.();
    },
    onBlur: () => setErrors((previous) => ({ ...previous, [name]: validate(name, values) })),
  });

  /** Shows every field's error; returns the first invalid field's name, if any. */
  const validateAll = (): (keyof Values & string) | undefined => {
    const next: Errors<Values> = {};
    let firstInvalid: (keyof Values & string) | undefined;
    for (const name of Object.keys(values) as (keyof Values & string)[]) {
      next[name] = validate(name, values);
      if (next[name] && !firstInvalid) firstInvalid = name;
    }
    setErrors(next);
    return firstInvalid;
  };

  return { values, errors, field, validateAll };
}

/** Moves focus to a form's control by name (the first invalid field after a submit). */
export function focusField(form: HTMLFormElement, name: string) {
  const control = form.elements.namedItem(name);
  if (control instanceof HTMLElement) control.focus();
}
