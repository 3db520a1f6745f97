import { TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { formatQuantity } from '../../lib/format.ts';
import { CONTROL_CLASSES } from './field-frame.tsx';
import type { OfferedModel } from './models-api.ts';

export const MODEL_PICKER_LABEL = 'Model';

/** "Seedream 4.5 · 2 credits": a model as the picker offers it. */
export const modelOptionLabel = ({ listed }: OfferedModel) =>
  `${listed.name} · ${formatQuantity(listed.credits, 'credit')}`;

/**
 * The image and video forms' model: every model the operator has on, with its price; the form under
 * it is the chosen model's own. Its note says what it can do, or why a requested model is not offered.
 */
export function ModelPicker({
  offered,
  chosen,
  note,
  onChange,
}: {
  offered: readonly OfferedModel[];
  chosen: OfferedModel;
  note: string | null;
  onChange: (id: string) => void;
}) {
  const id = useId();
  const helpId = `${id}-help`;
  const noteId = `${id}-note`;
  return (
    <div className="sm:max-w-sm">
      <label htmlFor={id} className="font-medium text-fg text-sm">
        {MODEL_PICKER_LABEL}
      </label>
      <select
        id={id}
        name="model"
        value={chosen.listed.id}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={note ? `${noteId} ${helpId}` : helpId}
        className={`${CONTROL_CLASSES} mt-1.5 h-10 border-border`}
      >
        {offered.map((model) => (
          <option key={model.listed.id} value={model.listed.id}>
            {modelOptionLabel(model)}
          </option>
        ))}
      </select>
      {note && (
        <p id={noteId} className="mt-1.5 flex items-start gap-1.5 break-words text-fg text-xs">
          <TriangleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0 text-warning" />
          {note}
        </p>
      )}
      <p id={helpId} className="mt-1.5 text-muted text-xs">
        <span className="font-mono">{chosen.listed.id}</span> · {chosen.listed.capabilities.join(', ')}
      </p>
    </div>
  );
}
