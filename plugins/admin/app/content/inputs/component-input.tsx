/**
 * A component: its fields in a collapsible box; a repeatable one as an ordered list of such
 * boxes (add, remove, reorder by dragging or with the move buttons).
 */
import { Button, Collapse, Group, Input, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { FieldInputProps } from '../../registry';
import { useSession } from '../../session';
import type { ComponentSchema } from '../../types';
import { Fields } from '../field-input';
import { emptyValues } from '../form-values';
import { SortableList } from '../sortable-list';

type Values = Record<string, unknown>;

export function ComponentBox({ schema, values, onChange, title, disabled }: { schema: ComponentSchema; values: Values; onChange(values: Values): void; title: string; disabled?: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <Paper withBorder p="xs">
      <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={open} w="100%">
        <Text size="sm" fw={600}>
          {open ? '▾' : '▸'} {title}
        </Text>
      </UnstyledButton>
      <Collapse in={open}>
        <div style={{ paddingTop: 8 }}>
          <Fields model={schema.uid} attributes={schema.attributes} values={values} disabled={disabled} onChange={(name, value) => onChange({ ...values, [name]: value })} />
        </div>
      </Collapse>
    </Paper>
  );
}

export function itemTitle(schema: ComponentSchema, values: Values, index: number): string {
  const main = values[schema.mainField];
  return main ? String(main) : `${schema.info.displayName} ${index + 1}`;
}

export function ComponentInput({ name, label, attribute, value, onChange, error, disabled }: FieldInputProps) {
  const { components } = useSession();
  const schema = components.get(attribute.component ?? '');
  if (!schema) return <Text c="red">Unknown component {attribute.component}</Text>;
  if (!attribute.repeatable) {
    const values = value as Values | null;
    return (
      <Input.Wrapper label={label} error={error} required={attribute.required === true} labelElement="div">
        {values ? (
          <Stack gap={4}>
            <ComponentBox schema={schema} values={values} onChange={onChange} title={schema.info.displayName} disabled={disabled} />
            <Group>
              <Button size="compact-xs" variant="subtle" color="red" onClick={() => onChange(null)} disabled={disabled}>
                Remove {schema.info.displayName}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Button variant="light" size="xs" onClick={() => onChange(emptyValues(schema.attributes))} disabled={disabled}>
            Add {schema.info.displayName}
          </Button>
        )}
      </Input.Wrapper>
    );
  }
  const items = (value as Values[]) ?? [];
  return (
    <Input.Wrapper label={label} error={error} required={attribute.required === true} labelElement="div">
      <Stack gap={6}>
        <SortableList
          items={items}
          onChange={onChange}
          itemLabel={(item, i) => itemTitle(schema, item, i)}
          onRemove={(i) => onChange(items.filter((_, j) => j !== i))}
          render={(item, i) => <ComponentBox schema={schema} values={item} title={itemTitle(schema, item, i)} disabled={disabled} onChange={(next) => onChange(items.map((old, j) => (j === i ? next : old)))} />}
        />
        <Group>
          <Button variant="light" size="xs" onClick={() => onChange([...items, emptyValues(schema.attributes)])} disabled={disabled}>
            Add an entry to {label}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
