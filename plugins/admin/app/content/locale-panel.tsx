/**
 * The locales of a localized type's entry, as Strapi v4's edit view has them: a switcher that
 * lists the entry's localizations (choosing one opens it) and the locales it has not yet (choosing
 * one opens a create form in that locale, linked to this entry: `?plugins[i18n][locale]=fr&
 * plugins[i18n][relatedEntityId]=3`, which the save sends on to the API), and, on a create form,
 * "Fill in from another locale": the values of one of the related entries (or of any entry of a
 * locale, for a new entry of its own) copied into the form, its components as new ones.
 */
import { Anchor, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { api, queryString } from '../api';
import type { Attribute, Entry } from '../types';
import type { Components } from './form-values';
import type { Locale } from './use-locales';

const CM = '/content-manager';

/** The locale and the related entry a page was opened with (Strapi's `plugins[i18n][...]`, or a plain `locale`). */
export function i18nSearch(search: string): { locale: string | null; relatedEntityId: string | null } {
  const params = new URLSearchParams(search);
  return {
    locale: params.get('plugins[i18n][locale]') ?? params.get('locale'),
    relatedEntityId: params.get('plugins[i18n][relatedEntityId]'),
  };
}

/** The create form of a localization of entry `relatedEntityId` in `locale`. */
export function localizationHref(uid: string, locale: string, relatedEntityId: number | string): string {
  return `${CM}/collection-types/${uid}/create${queryString({ plugins: { i18n: { locale, relatedEntityId } } })}`;
}

interface Localization {
  id: number;
  locale: string;
  publishedAt?: string | null;
}

const localizationsOf = (entry: Entry): Localization[] => (Array.isArray(entry.localizations) ? (entry.localizations as Localization[]) : []);

/** The switcher of a stored entry of a collection type. */
export function LocaleSwitcher({ uid, entry, locales, canCreate }: { uid: string; entry: Entry; locales: Locale[]; canCreate: boolean }) {
  const [, navigate] = useLocation();
  const current = typeof entry.locale === 'string' ? entry.locale : null;
  const existing = new Map<string, number>([...(current ? [[current, entry.id] as const] : []), ...localizationsOf(entry).map((l) => [l.locale, l.id] as const)]);
  const name = (code: string) => locales.find((l) => l.code === code)?.name ?? code;
  const created = locales.filter((l) => existing.has(l.code)).map((l) => ({ value: l.code, label: name(l.code) }));
  const missing = locales.filter((l) => !existing.has(l.code)).map((l) => ({ value: l.code, label: name(l.code) }));
  const data = [{ group: 'Localizations', items: created }, ...(canCreate && missing.length > 0 ? [{ group: 'Create a localization', items: missing }] : [])];
  return (
    <Select
      label="Locales"
      description="Open a localization, or create one"
      data={data}
      value={current}
      allowDeselect={false}
      onChange={(code) => {
        if (!code || code === current) return;
        const id = existing.get(code);
        navigate(id === undefined ? localizationHref(uid, code, entry.id) : `${CM}/collection-types/${uid}/${id}`);
      }}
    />
  );
}

/** A form value without the ids of its components and dynamic-zone items: a copy makes new ones. */
function freshComponents(attributes: Record<string, Attribute>, values: Record<string, unknown>, components: Components): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  const fresh = (schemaUid: unknown, value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    const { id: _id, ...rest } = value as Record<string, unknown>;
    const schema = components.get(String(schemaUid));
    return schema ? freshComponents(schema.attributes, rest, components) : rest;
  };
  for (const [name, attribute] of Object.entries(attributes)) {
    const value = out[name];
    if (attribute.type === 'component') out[name] = Array.isArray(value) ? value.map((v) => fresh(attribute.component, v)) : fresh(attribute.component, value);
    else if (attribute.type === 'dynamiczone' && Array.isArray(value)) out[name] = value.map((item: Record<string, unknown>) => fresh(item.__component, item));
  }
  return out;
}

interface FillProps {
  uid: string;
  locales: Locale[];
  /** the entry the new one localizes, when it does */
  relatedEntityId: string | null;
  attributes: Record<string, Attribute>;
  components: Components;
  toFormValues(entry: Entry): Record<string, unknown>;
  onFill(values: Record<string, unknown>): void;
}

/** "Fill in from another locale", on a create form. */
export function FillFromLocale({ uid, locales, relatedEntityId, attributes, components, toFormValues, onFill }: FillProps) {
  const [group, setGroup] = useState<Localization[] | null>(null);
  const [source, setSource] = useState<string | null>(null);
  const [entries, setEntries] = useState<Entry[]>([]);
  useEffect(() => {
    if (!relatedEntityId) return;
    void api.get<Entry>(`${CM}/collection-types/${uid}/${relatedEntityId}`).then((related) => setGroup([{ id: related.id, locale: String(related.locale) }, ...localizationsOf(related)]));
  }, [uid, relatedEntityId]);
  useEffect(() => {
    if (relatedEntityId || !source) return;
    void api.get<{ results: Entry[] }>(`${CM}/collection-types/${uid}${queryString({ locale: source, pageSize: 50 })}`).then(({ results }) => setEntries(results));
  }, [uid, source, relatedEntityId]);
  const fill = async (id: string | null) => {
    if (!id) return;
    const entry = await api.get<Entry>(`${CM}/collection-types/${uid}/${id}`);
    onFill(freshComponents(attributes, toFormValues(entry), components));
  };
  const name = (code: string) => locales.find((l) => l.code === code)?.name ?? code;

  if (relatedEntityId) {
    return (
      <Stack gap={4}>
        <Text size="sm">
          A localization of{' '}
          <Anchor component={Link} href={`${CM}/collection-types/${uid}/${relatedEntityId}`}>
            #{relatedEntityId}
          </Anchor>
        </Text>
        <Select
          label="Fill in from another locale"
          placeholder="Choose a locale"
          data={(group ?? []).map((l) => ({ value: String(l.id), label: name(l.locale) }))}
          value={null}
          onChange={(id) => void fill(id)}
        />
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      <Select label="Fill in from locale" placeholder="Choose a locale" clearable data={locales.map((l) => ({ value: l.code, label: l.name }))} value={source} onChange={setSource} />
      {source && <Select label="From entry" data={entries.map((e) => ({ value: String(e.id), label: `#${e.id}` }))} onChange={(id) => void fill(id)} />}
    </Stack>
  );
}
