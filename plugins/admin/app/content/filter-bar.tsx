/** Filters of the list view: conditions on attributes, turned into the API's `filters` object (all must hold). */
import { Badge, Button, Group, Popover, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Attribute } from '../types';
import { humanize } from './field-input';

export interface Filter {
  field: string;
  operator: string;
  value: string;
}

const OPERATORS = [
  { value: '$eq', label: 'is' },
  { value: '$ne', label: 'is not' },
  { value: '$containsi', label: 'contains' },
  { value: '$notContainsi', label: 'does not contain' },
  { value: '$gt', label: 'is greater than' },
  { value: '$lt', label: 'is lower than' },
  { value: '$null', label: 'is empty' },
  { value: '$notNull', label: 'is not empty' },
];

const FILTERABLE = new Set(['string', 'text', 'email', 'uid', 'enumeration', 'integer', 'biginteger', 'float', 'decimal', 'boolean', 'date', 'datetime', 'time']);

export function toFilters(filters: Filter[]): Record<string, unknown> | undefined {
  if (filters.length === 0) return undefined;
  return { $and: filters.map((f) => ({ [f.field]: { [f.operator]: f.operator === '$null' || f.operator === '$notNull' ? true : f.value } })) };
}

export function FilterBar({ attributes, filters, onChange }: { attributes: Record<string, Attribute>; filters: Filter[]; onChange(filters: Filter[]): void }) {
  const fields = ['id', ...Object.keys(attributes).filter((n) => FILTERABLE.has(attributes[n]?.type ?? '') && !attributes[n]?.private)];
  const [draft, setDraft] = useState<Filter>({ field: fields[1] ?? 'id', operator: '$eq', value: '' });
  const [open, setOpen] = useState(false);
  return (
    <Group gap="xs">
      <Popover opened={open} onChange={setOpen} trapFocus>
        <Popover.Target>
          <Button variant="default" onClick={() => setOpen((o) => !o)}>
            Filters
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs">
            <Select label="Field" data={fields.map((f) => ({ value: f, label: humanize(f) }))} value={draft.field} onChange={(v) => setDraft({ ...draft, field: v ?? 'id' })} comboboxProps={{ withinPortal: false }} />
            <Select label="Condition" data={OPERATORS} value={draft.operator} onChange={(v) => setDraft({ ...draft, operator: v ?? '$eq' })} comboboxProps={{ withinPortal: false }} />
            {draft.operator !== '$null' && draft.operator !== '$notNull' && <TextInput label="Value" value={draft.value} onChange={(e) => setDraft({ ...draft, value: e.currentTarget.value })} />}
            <Button
              onClick={() => {
                onChange([...filters, draft]);
                setOpen(false);
              }}
            >
              Add filter
            </Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      {filters.map((f, i) => (
        <Badge
          // biome-ignore lint/suspicious/noArrayIndexKey: filters have no identity but their position
          key={i}
          variant="light"
          rightSection={
            <button type="button" className="link-button" aria-label={`Remove filter ${humanize(f.field)}`} onClick={() => onChange(filters.filter((_, j) => j !== i))}>
              ×
            </button>
          }
        >
          {humanize(f.field)} {OPERATORS.find((o) => o.value === f.operator)?.label} {f.value}
        </Badge>
      ))}
    </Group>
  );
}
