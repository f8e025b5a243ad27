/** A dynamic zone: items of any allowed component, added from a menu, reordered and deleted. */
import { Button, Group, Input, Menu, Stack, Text } from '@mantine/core';
import type { FieldInputProps } from '../../registry';
import { useSession } from '../../session';
import { emptyValues } from '../form-values';
import { SortableList } from '../sortable-list';
import { ComponentBox, itemTitle } from './component-input';

type Item = Record<string, unknown> & { __component: string };

export function DynamicZoneInput({ name, label, attribute, value, onChange, error, disabled }: FieldInputProps) {
  const { components } = useSession();
  const items = (value as Item[]) ?? [];
  const allowed = (attribute.components ?? []).map((uid) => components.get(uid)).filter((c) => c !== undefined);
  return (
    <Input.Wrapper label={label} error={error} required={attribute.required === true} labelElement="div">
      <Stack gap={6}>
        <SortableList
          items={items}
          onChange={onChange}
          itemLabel={(item, i) => {
            const schema = components.get(item.__component);
            return schema ? itemTitle(schema, item, i) : item.__component;
          }}
          onRemove={(i) => onChange(items.filter((_, j) => j !== i))}
          render={(item, i) => {
            const schema = components.get(item.__component);
            if (!schema) return <Text c="red">Unknown component {item.__component}</Text>;
            return <ComponentBox schema={schema} values={item} disabled={disabled} title={`${schema.info.displayName}: ${itemTitle(schema, item, i)}`} onChange={(next) => onChange(items.map((old, j) => (j === i ? { ...next, __component: item.__component } : old)))} />;
          }}
        />
        <Group>
          <Menu>
            <Menu.Target>
              <Button variant="light" size="xs" disabled={disabled}>
                Add a component to {label}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {allowed.map((schema) => (
                <Menu.Item key={schema.uid} onClick={() => onChange([...items, { __component: schema.uid, ...emptyValues(schema.attributes) }])}>
                  {schema.info.displayName} ({schema.category})
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
