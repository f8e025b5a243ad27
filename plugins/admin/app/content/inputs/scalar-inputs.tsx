/**
 * Inputs of the scalar attribute types: text kinds (the uid's own input is uid-input.tsx),
 * numbers, dates and times (the browser's own pickers), boolean, enumeration. Each is a
 * labelled Mantine input that shows the API's error for its field.
 */
import { NumberInput, PasswordInput, Select, Switch, Textarea, TextInput } from '@mantine/core';
import { createContext } from 'react';
import type { FieldInputProps } from '../../registry';

/** The form's current values, for inputs that derive from another field (uid). */
export const FormValues = createContext<Record<string, unknown>>({});

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** `2024-01-15T09:30:00.000Z` ↔ the `datetime-local` input's local `2024-01-15T10:30` */
function toLocalInput(value: unknown): string {
  if (!value) return '';
  const date = new Date(String(value));
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60000);
  return local.toISOString().slice(0, 16);
}

export function ScalarInput({ name, label, attribute, value, onChange, error, disabled }: FieldInputProps) {
  const common = { name, label, error, disabled, required: attribute.required === true };
  switch (attribute.type) {
    case 'text':
      return <Textarea {...common} autosize minRows={3} value={text(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'email':
      return <TextInput {...common} type="email" value={text(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'password':
      return <PasswordInput {...common} autoComplete="new-password" value={text(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'integer':
    case 'biginteger':
    case 'float':
    case 'decimal':
      return (
        <NumberInput
          {...common}
          allowDecimal={attribute.type === 'float' || attribute.type === 'decimal'}
          min={typeof attribute.min === 'number' ? attribute.min : undefined}
          max={typeof attribute.max === 'number' ? attribute.max : undefined}
          value={value === null || value === undefined ? '' : Number(value)}
          onChange={(v) => onChange(v === '' ? null : attribute.type === 'biginteger' ? String(v) : Number(v))}
        />
      );
    case 'date':
      return <TextInput {...common} type="date" value={text(value)} onChange={(e) => onChange(e.currentTarget.value || null)} />;
    case 'time':
      return <TextInput {...common} type="time" step={1} value={text(value).slice(0, 8)} onChange={(e) => onChange(e.currentTarget.value ? `${e.currentTarget.value.length === 5 ? `${e.currentTarget.value}:00` : e.currentTarget.value}.000` : null)} />;
    case 'datetime':
    case 'timestamp':
      return <TextInput {...common} type="datetime-local" value={toLocalInput(value)} onChange={(e) => onChange(e.currentTarget.value ? new Date(e.currentTarget.value).toISOString() : null)} />;
    case 'boolean':
      return <Switch name={name} label={label} disabled={disabled} checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} error={error} />;
    case 'enumeration':
      return <Select {...common} clearable data={(attribute.enum ?? []).map((v) => ({ value: v, label: v }))} value={value === null || value === undefined ? null : String(value)} onChange={(v) => onChange(v)} />;
    default:
      return <TextInput {...common} value={text(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}
