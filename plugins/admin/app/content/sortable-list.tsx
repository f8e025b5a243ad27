/**
 * A list whose items can be reordered by dragging (pointer) or with the move buttons
 * (keyboard), for ordered relations, repeatable components and dynamic zones.
 */
import { ActionIcon, Group, Paper, Stack } from '@mantine/core';
import { type ReactNode, useState } from 'react';

export interface SortableListProps<T> {
  items: T[];
  onChange(items: T[]): void;
  render(item: T, index: number): ReactNode;
  /** how an item is named to screen readers (`Tag 2`) */
  itemLabel(item: T, index: number): string;
  onRemove?(index: number): void;
}

export function move<T>(items: T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return items;
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

export function SortableList<T>({ items, onChange, render, itemLabel, onRemove }: SortableListProps<T>) {
  const [dragged, setDragged] = useState<number | null>(null);
  return (
    <Stack gap={4}>
      {items.map((item, index) => (
        <Paper
          // biome-ignore lint/suspicious/noArrayIndexKey: the position is the item's identity while it is reordered
          key={index}
          withBorder
          p={6}
          draggable
          onDragStart={() => setDragged(index)}
          onDragOver={(e) => e.preventDefault()}
          onDrop={() => {
            if (dragged !== null) onChange(move(items, dragged, index));
            setDragged(null);
          }}
          data-dragging={dragged === index || undefined}
        >
          <Group wrap="nowrap" align="flex-start" gap="xs">
            <span aria-hidden="true" style={{ cursor: 'grab', paddingTop: 4 }}>
              ⠿
            </span>
            <div style={{ flex: 1, minWidth: 0 }}>{render(item, index)}</div>
            <ActionIcon variant="subtle" aria-label={`Move ${itemLabel(item, index)} up`} disabled={index === 0} onClick={() => onChange(move(items, index, index - 1))}>
              ↑
            </ActionIcon>
            <ActionIcon variant="subtle" aria-label={`Move ${itemLabel(item, index)} down`} disabled={index === items.length - 1} onClick={() => onChange(move(items, index, index + 1))}>
              ↓
            </ActionIcon>
            {onRemove && (
              <ActionIcon variant="subtle" color="red" aria-label={`Remove ${itemLabel(item, index)}`} onClick={() => onRemove(index)}>
                ×
              </ActionIcon>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
