/**
 * A relation: search-as-you-type among the target's entries (`/content-manager/relations`,
 * by the target's main field), one entry for a to-one relation, an ordered list for a to-many
 * relation (drag or move buttons to reorder).
 */
import { Badge, Group, Input, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { api, queryString } from '../../api';
import type { FieldInputProps } from '../../registry';
import type { Pagination } from '../../types';
import { isToMany, type RelationValue } from '../form-values';
import { SortableList } from '../sortable-list';

interface Found {
  id: number;
  [key: string]: unknown;
}

function useSearch(model: string, field: string, search: string, main: string | undefined) {
  const [options, setOptions] = useState<RelationValue[]>([]);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      void api
        .get<{ results: Found[]; pagination: Pagination }>(`/content-manager/relations/${model}/${field}${queryString({ _q: search, pageSize: 20 })}`)
        .then(({ results }) => {
          if (current) setOptions(results.map((r) => ({ id: r.id, label: main && r[main] ? String(r[main]) : `#${r.id}` })));
        })
        .catch(() => {
          if (current) setOptions([]);
        });
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [model, field, search, main]);
  return options;
}

export function RelationInput({ name, model, label, attribute, value, onChange, error, disabled }: FieldInputProps) {
  const many = isToMany(attribute);
  const [search, setSearch] = useState('');
  const options = useSearch(model, name, search, attribute.targetMainField);
  const chosen: RelationValue[] = many ? ((value as RelationValue[]) ?? []) : value ? [value as RelationValue] : [];
  const offered = options.filter((o) => !chosen.some((c) => c.id === o.id));
  const pick = (id: string | null) => {
    const found = options.find((o) => String(o.id) === id);
    if (!found) return;
    onChange(many ? [...chosen, found] : found);
    setSearch('');
  };
  return (
    <Input.Wrapper label={label} error={error} required={attribute.required === true} labelElement="div">
      <Stack gap={6}>
        {many ? (
          <SortableList
            items={chosen}
            onChange={onChange}
            itemLabel={(item) => item.label}
            onRemove={(index) => onChange(chosen.filter((_, i) => i !== index))}
            render={(item) => (
              <Group gap="xs">
                <Text size="sm">{item.label}</Text>
                <Badge size="xs" variant="default">
                  #{item.id}
                </Badge>
              </Group>
            )}
          />
        ) : (
          chosen[0] && (
            <Group gap="xs">
              <Text size="sm">{chosen[0].label}</Text>
              <Badge size="xs" variant="default">
                #{chosen[0].id}
              </Badge>
              <button type="button" className="link-button" onClick={() => onChange(null)} aria-label={`Remove ${chosen[0].label} from ${label}`} disabled={disabled}>
                Remove
              </button>
            </Group>
          )
        )}
        <Select
          aria-label={`Add to ${label}`}
          placeholder="Search to add"
          searchable
          clearable
          disabled={disabled}
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          data={offered.map((o) => ({ value: String(o.id), label: `${o.label} (#${o.id})` }))}
          value={null}
          onChange={pick}
          nothingFoundMessage="No entry found"
        />
      </Stack>
    </Input.Wrapper>
  );
}
