/** JSON: a text editor whose content is parsed as it is typed; invalid JSON is shown and not saved. */
import { JsonInput } from '@mantine/core';
import { useState } from 'react';
import type { FieldInputProps } from '../../registry';

export function JsonField({ name, label, attribute, value, onChange, error, disabled }: FieldInputProps) {
  const [text, setText] = useState(() => (value === null || value === undefined ? '' : JSON.stringify(value, null, 2)));
  const [invalid, setInvalid] = useState<string | null>(null);
  return (
    <JsonInput
      name={name}
     
      label={label}
      required={attribute.required === true}
      disabled={disabled}
      autosize
      minRows={4}
      formatOnBlur
      value={text}
      error={invalid ?? error}
      onChange={(next) => {
        setText(next);
        if (next.trim() === '') {
          setInvalid(null);
          onChange(null);
          return;
        }
        try {
          onChange(JSON.parse(next));
          setInvalid(null);
        } catch {
          setInvalid('This is not valid JSON');
        }
      }}
    />
  );
}
