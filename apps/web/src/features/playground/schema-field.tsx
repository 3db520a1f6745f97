import { FieldFrame } from './field-frame.tsx';
import type { FormField } from './form-fields.ts';
import type { FieldValue } from './form-values.ts';
import { UrlListField } from './url-list-field.tsx';

/** One field of an endpoint's body as the control its type calls for. */
export function SchemaField({
  field,
  value,
  error,
  onChange,
}: {
  field: FormField;
  value: FieldValue;
  error?: string;
  onChange: (value: FieldValue) => void;
}) {
  const { name, kind } = field;
  if (kind === 'checkbox') {
    return (
      <FieldFrame name={name} required={field.required} help={field.help} error={error} isInline>
        {({ className: _ignored, ...control }) => (
          <input
            {...control}
            name={name}
            type="checkbox"
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
            className="size-4 accent-primary"
          />
        )}
      </FieldFrame>
    );
  }
  if (kind === 'choices') {
    const ticked = Array.isArray(value) ? value : [];
    return (
      <FieldFrame name={name} required={field.required} help={field.help} error={error}>
        {({ className: _ignored, ...control }) => (
          <fieldset {...control} aria-label={name} className="mt-1 flex flex-wrap gap-x-5 gap-y-2">
            {field.options.map((option) => (
              <label key={option} className="flex items-center gap-2 font-mono text-sm">
                <input
                  type="checkbox"
                  name={name}
                  value={option}
                  checked={ticked.includes(option)}
                  onChange={(event) =>
                    onChange(
                      field.options.filter((each) =>
                        each === option ? event.target.checked : ticked.includes(each),
                      ),
                    )
                  }
                  className="size-4 accent-primary"
                />
                {option}
              </label>
            ))}
          </fieldset>
        )}
      </FieldFrame>
    );
  }
  const text = typeof value === 'string' ? value : '';
  return (
    <FieldFrame name={name} required={field.required} help={field.help} error={error}>
      {(control) =>
        kind === 'list' ? (
          <UrlListField
            name={name}
            values={Array.isArray(value) ? value : []}
            maxItems={field.maxItems}
            control={control}
            onChange={onChange}
          />
        ) : kind === 'select' ? (
          <select
            {...control}
            name={name}
            value={text}
            onChange={(event) => onChange(event.target.value)}
            className={`${control.className} h-10`}
          >
            {field.defaultValue === undefined && <option value="">(not set)</option>}
            {field.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        ) : kind === 'textarea' || kind === 'pairs' ? (
          <textarea
            {...control}
            name={name}
            rows={kind === 'pairs' ? 2 : 3}
            placeholder={kind === 'pairs' ? 'customer=acme' : undefined}
            value={text}
            onChange={(event) => onChange(event.target.value)}
            className={`${control.className} resize-y py-2`}
          />
        ) : (
          <input
            {...control}
            name={name}
            type={kind === 'number' ? 'number' : kind === 'url' ? 'url' : 'text'}
            inputMode={kind === 'number' ? 'numeric' : undefined}
            min={field.min}
            max={field.max}
            step={kind === 'number' ? 1 : undefined}
            value={text}
            onChange={(event) => onChange(event.target.value)}
            className={`${control.className} h-10`}
          />
        )
      }
    </FieldFrame>
  );
}
