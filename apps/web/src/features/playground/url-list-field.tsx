import { Plus, X } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import type { ControlProps } from './field-frame.tsx';

/** A list of URLs, one input each, up to `maxItems`: the first input carries the field's label. */
export function UrlListField({
  name,
  values,
  maxItems,
  control,
  onChange,
}: {
  name: string;
  values: string[];
  maxItems?: number;
  control: ControlProps;
  onChange: (values: string[]) => void;
}) {
  const rows = values.length > 0 ? values : [''];
  const canAdd = maxItems === undefined || rows.length < maxItems;
  const setAt = (index: number, value: string) =>
    onChange(rows.map((row, at) => (at === index ? value : row)));
  return (
    <div className="space-y-2">
      {rows.map((value, index) => (
        // Rows are edited in place and removed by position: the position is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div key={index} className="flex gap-2">
          <input
            {...control}
            id={index === 0 ? control.id : undefined}
            aria-label={index === 0 ? undefined : `${name} ${index + 1}`}
            type="url"
            inputMode="url"
            placeholder="https://"
            value={value}
            onChange={(event) => setAt(index, event.target.value)}
            className={`${control.className} h-10`}
          />
          {rows.length > 1 && (
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove ${name} ${index + 1}`}
              onClick={() => onChange(rows.filter((_, at) => at !== index))}
            >
              <X aria-hidden="true" className="size-4" />
            </Button>
          )}
        </div>
      ))}
      {canAdd && (
        <Button variant="ghost" size="sm" onClick={() => onChange([...rows, ''])}>
          <Plus aria-hidden="true" className="size-4" />
          Add a URL
        </Button>
      )}
    </div>
  );
}
