/**
 * One input per attribute kind (the registry's input for the type when a plugin registered
 * one, so a plugin may add a type or replace a built-in input), and the fields of a schema
 * laid out as a form.
 */
import { Stack } from '@mantine/core';
import type { ComponentType } from 'react';
import { type FieldInputProps, fieldInput } from '../registry';
import type { Attribute } from '../types';
import { ComponentInput } from './inputs/component-input';
import { DynamicZoneInput } from './inputs/dynamic-zone-input';
import { JsonField } from './inputs/json-input';
import { MarkdownInput } from './inputs/markdown-input';
import { MediaInput } from './inputs/media-input';
import { RelationInput } from './inputs/relation-input';
import { ScalarInput } from './inputs/scalar-inputs';
import { UidInput } from './inputs/uid-input';

const BUILT_IN: Record<string, ComponentType<FieldInputProps>> = {
  relation: RelationInput,
  media: MediaInput,
  component: ComponentInput,
  dynamiczone: DynamicZoneInput,
  json: JsonField,
  richtext: MarkdownInput,
  uid: UidInput,
};

/** Attributes the panel never edits (written by the server). */
const HIDDEN = new Set(['id', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale', 'localizations']);

export function humanize(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function isEditable(name: string, attribute: Attribute): boolean {
  if (HIDDEN.has(name)) return false;
  return attribute.writable !== false && attribute.visible !== false;
}

export interface FieldsProps {
  model: string;
  attributes: Record<string, Attribute>;
  values: Record<string, unknown>;
  onChange(name: string, value: unknown): void;
  /** API errors by top-level attribute name */
  errors?: Record<string, string>;
  disabled?: boolean;
}

export function Fields({ model, attributes, values, onChange, errors = {}, disabled }: FieldsProps) {
  return (
    <Stack>
      {Object.entries(attributes)
        .filter(([name, attribute]) => isEditable(name, attribute))
        .map(([name, attribute]) => {
          const Input = fieldInput(attribute.type) ?? BUILT_IN[attribute.type] ?? ScalarInput;
          return (
            <Input key={name} name={name} model={model} label={humanize(name)} attribute={attribute} value={values[name]} onChange={(value) => onChange(name, value)} error={errors[name]} disabled={disabled} />
          );
        })}
    </Stack>
  );
}
