import { WAITLIST_FIELDS, WAITLIST_STEPS, waitlistFieldError } from '@conduit/contracts';
import { useState } from 'react';

type Values = Record<string, string>;
type Errors = Record<string, string | undefined>;

const emptyValues = (): Values => Object.fromEntries(WAITLIST_FIELDS.map((field) => [field.id, '']));

/**
 * The multi-step form's state (docs/product.md, "States and transitions"): Continue validates the
 * current step's fields and advances only when they pass; Back goes back; errors clear as soon as
 * their field is edited.
 */
export function useWaitlistSteps() {
  const [stepIndex, setStepIndex] = useState(0);
  const [values, setValues] = useState<Values>(emptyValues);
  const [errors, setErrors] = useState<Errors>({});
  const step = WAITLIST_STEPS[stepIndex] ?? WAITLIST_STEPS[0];
  if (!step) throw new Error('WAITLIST_STEPS is empty');
  const isLastStep = stepIndex === WAITLIST_STEPS.length - 1;

  const setValue = (id: string, value: string) => {
    setValues((previous) => ({ ...previous, [id]: value }));
    setErrors((previous) => ({ ...previous, [id]: undefined }));
  };

  /** Shows the current step's errors; returns the first invalid field's id, if any. */
  const validateStep = (): string | undefined => {
    const next: Errors = {};
    let firstInvalid: string | undefined;
    for (const field of step.fields) {
      next[field.id] = waitlistFieldError(field, values[field.id]);
      if (next[field.id] && !firstInvalid) firstInvalid = field.id;
    }
    setErrors((previous) => ({ ...previous, ...next }));
    return firstInvalid;
  };

  return {
    step,
    stepIndex,
    stepCount: WAITLIST_STEPS.length,
    isLastStep,
    values,
    errors,
    setValue,
    validateStep,
    next: () => setStepIndex((index) => Math.min(index + 1, WAITLIST_STEPS.length - 1)),
    back: () => setStepIndex((index) => Math.max(index - 1, 0)),
    reset: () => {
      setStepIndex(0);
      setValues(emptyValues());
      setErrors({});
    },
  };
}
