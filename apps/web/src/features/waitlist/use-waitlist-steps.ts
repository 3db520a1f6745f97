import { WAITLIST_FIELDS, WAITLIST_STEPS, waitlistFieldError } from '@conduit/contracts';
import { useState } from 'react';
import { useFormFields } from '../../lib/use-form-fields.ts';

type Values = Record<string, string>;

const EMPTY: Values = Object.fromEntries(WAITLIST_FIELDS.map((field) => [field.id, '']));
const VALIDATORS = Object.fromEntries(
  WAITLIST_FIELDS.map((field) => [field.id, (values: Values) => waitlistFieldError(field, values[field.id])]),
);

/**
 * The multi-step form's state (docs/product.md, "States and transitions"): the form's fields
 * (useFormFields) and its step. Continue validates the current step's fields and advances only
 * when they pass; Back goes back.
 */
export function useWaitlistSteps(onEdit: () => void) {
  const [stepIndex, setStepIndex] = useState(0);
  const fields = useFormFields(EMPTY, VALIDATORS, onEdit);
  const step = WAITLIST_STEPS[stepIndex] ?? WAITLIST_STEPS[0];
  if (!step) throw new Error('WAITLIST_STEPS is empty');

  return {
    ...fields,
    step,
    stepIndex,
    stepCount: WAITLIST_STEPS.length,
    isLastStep: stepIndex === WAITLIST_STEPS.length - 1,
    /** Shows the current step's errors and focuses the first invalid field; returns its id, if any. */
    validateStep: (form: HTMLFormElement) =>
      fields.validateAll(form, { names: step.fields.map((field) => field.id) }),
    next: () => setStepIndex((index) => Math.min(index + 1, WAITLIST_STEPS.length - 1)),
    back: () => setStepIndex((index) => Math.max(index - 1, 0)),
    reset: () => {
      setStepIndex(0);
      fields.reset();
    },
  };
}
