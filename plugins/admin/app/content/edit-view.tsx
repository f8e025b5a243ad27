/**
 * The edit view of an entry, generated from its schema: every attribute's input, Save,
 * Publish / Unpublish with the entry's status (draft & publish), Delete, the locales of a
 * localized type (./locale-panel.tsx: the entry's localizations, a new one created from it, a
 * new entry started from another locale's values), who created and last updated it. The API's validation errors appear next to their fields.
 */
import { Alert, Badge, Button, Grid, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { api, ApiError, queryString } from '../api';
import { useSession } from '../session';
import type { Entry } from '../types';
import { Fields } from './field-input';
import { emptyValues, toBody, toFormValues } from './form-values';
import { FormValues } from './inputs/scalar-inputs';
import { EditFactsContext } from './inputs/uid-input';
import { FillFromLocale, i18nSearch, LocaleSwitcher } from './locale-panel';
import { useLocales } from './use-locales';

interface Props {
  uid: string;
  /** an entry id, `create`, or `single` for a single type */
  id: string;
}

const CM = '/content-manager';

export function EditView({ uid, id }: Props) {
  const session = useSession();
  const [, navigate] = useLocation();
  const type = session.contentTypes.find((t) => t.uid === uid);
  const single = id === 'single';
  const creating = id === 'create';
  const locales = useLocales(type?.options.localized === true);
  const asked = i18nSearch(useSearch());
  const [locale, setLocale] = useState<string | null>(asked.locale);
  // a new localization of this entry (Strapi's plugins[i18n][relatedEntityId])
  const related = creating && type?.options.localized ? asked.relatedEntityId : null;
  const [entry, setEntry] = useState<Entry | null>(null);
  const [values, setValues] = useState<Record<string, unknown> | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const base = single ? `${CM}/single-types/${uid}` : `${CM}/collection-types/${uid}`;
  const path = single ? base : `${base}/${id}`;
  const localeQuery = type?.options.localized && locale ? queryString({ locale }) : '';

  const load = useCallback(async () => {
    if (!type) return;
    if (creating) {
      setEntry(null);
      setValues(emptyValues(type.attributes));
      return;
    }
    try {
      const found = await api.get<Entry>(`${path}${localeQuery}`);
      setEntry(found);
      setValues(toFormValues(type.attributes, found, session.components));
      if (typeof found.locale === 'string') setLocale(found.locale);
    } catch (e) {
      if (single && e instanceof ApiError && e.status === 404) {
        setEntry(null);
        setValues(emptyValues(type.attributes));
      } else setError(e instanceof ApiError ? e : new ApiError(0, 'The entry could not be loaded'));
    }
  }, [type, creating, single, path, localeQuery, session.components]);
  useEffect(() => {
    void load();
  }, [load]);

  const facts = useMemo(() => ({ creating: creating || (single && !entry), locale: type?.options.localized ? locale : null, stored: entry }), [creating, single, entry, type, locale]);

  const fieldErrors = useMemo(() => {
    const out: Record<string, string> = {};
    for (const issue of error?.issues ?? []) out[String(issue.path[0])] ??= issue.message;
    return out;
  }, [error]);

  if (!type) return <Alert color="red">Unknown content-type</Alert>;
  if (!values) return <Text>Loading…</Text>;

  const run = async (action: () => Promise<Entry | null>, message: string) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const result = await action();
      if (result) {
        setEntry(result);
        setValues(toFormValues(type.attributes, result, session.components));
      }
      setNotice(message);
      return result;
    } catch (e) {
      setError(e instanceof ApiError ? e : new ApiError(0, 'The request failed'));
      return null;
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    // a stored entry's relations go as the changes the editor made to what was loaded
    const body = toBody(type.attributes, values, session.components, entry ? toFormValues(type.attributes, entry, session.components) : undefined);
    if (creating) {
      const query = related && locale ? queryString({ plugins: { i18n: { locale, relatedEntityId: related } } }) : localeQuery;
      const created = await run(() => api.post<Entry>(`${base}${query}`, body), 'Saved');
      if (created) navigate(`/content-manager/collection-types/${uid}/${created.id}`, { replace: true });
    } else await run(() => api.put<Entry>(`${single && !entry ? base : path}${localeQuery}`, body), 'Saved');
  };
  const publish = (published: boolean) => run(() => api.post<Entry>(`${path}/actions/${published ? 'publish' : 'unpublish'}${localeQuery}`), published ? 'Published' : 'Unpublished');
  const remove = async () => {
    if (!window.confirm('Delete this entry?')) return;
    const done = await run(() => api.del<Entry>(`${path}${localeQuery}`), 'Deleted');
    if (done && !single) navigate(`/content-manager/collection-types/${uid}`);
    else if (done) void load();
  };

  const canUpdate = session.can('plugin::content-manager.explorer.update', uid) || (creating && session.can('plugin::content-manager.explorer.create', uid));
  const published = typeof entry?.publishedAt === 'string';
  const person = (value: unknown) => {
    const p = value as { firstname?: string | null; lastname?: string | null } | null | undefined;
    return p ? [p.firstname, p.lastname].filter(Boolean).join(' ') || '—' : '—';
  };

  return (
    <FormValues.Provider value={values}>
      <EditFactsContext.Provider value={facts}>
      <Stack>
        <Group justify="space-between">
          <div>
            {!single && (
              <Link href={`/content-manager/collection-types/${uid}`} className="back-link">
                ← Back to {type.info.displayName}
              </Link>
            )}
            <Title order={2}>{creating ? `Create an entry: ${type.info.displayName}` : `${type.info.displayName}${entry ? ` #${entry.id}` : ''}`}</Title>
          </div>
          <Group>
            {type.options.draftAndPublish && entry && (
              <Badge color={published ? 'green' : 'blue'} variant="default" aria-label={`Status: ${published ? 'Published' : 'Draft'}`}>
                {published ? 'Published' : 'Draft'}
              </Badge>
            )}
            {type.options.draftAndPublish && entry && session.can('plugin::content-manager.explorer.publish', uid) && (
              <Button variant="light" disabled={busy} onClick={() => publish(!published)}>
                {published ? 'Unpublish' : 'Publish'}
              </Button>
            )}
            <Button onClick={save} loading={busy} disabled={!canUpdate}>
              Save
            </Button>
          </Group>
        </Group>
        {error && !error.issues.length && (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        )}
        {error && error.issues.length > 0 && (
          <Alert color="red" role="alert">
            {error.message}: check the fields below
          </Alert>
        )}
        {notice && (
          <Alert color="green" role="status">
            {notice}
          </Alert>
        )}
        <Grid>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <Paper withBorder p="md">
              <Fields model={uid} attributes={type.attributes} values={values} errors={fieldErrors} disabled={!canUpdate} onChange={(name, value) => setValues({ ...values, [name]: value })} />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Paper withBorder p="md">
              <Stack gap="xs">
                {type.options.localized && !creating && !single && entry && (
                  <LocaleSwitcher uid={uid} entry={entry} locales={locales} canCreate={session.can('plugin::content-manager.explorer.create', uid)} />
                )}
                {type.options.localized && (creating || single) && (
                  <Select label="Locale" data={locales.map((l) => ({ value: l.code, label: l.name }))} value={locale} disabled={related !== null} onChange={setLocale} />
                )}
                {type.options.localized && creating && (
                  <FillFromLocale
                    uid={uid}
                    locales={locales}
                    relatedEntityId={related}
                    attributes={type.attributes}
                    components={session.components}
                    toFormValues={(source) => toFormValues(type.attributes, source, session.components)}
                    onFill={(filled) => setValues({ ...values, ...filled })}
                  />
                )}
                <Text size="xs" c="dimmed">
                  Created by {person(entry?.createdBy)}
                </Text>
                <Text size="xs" c="dimmed">
                  Last update by {person(entry?.updatedBy)}
                  {entry?.updatedAt ? ` (${new Date(String(entry.updatedAt)).toLocaleString()})` : ''}
                </Text>
                {entry && session.can('plugin::content-manager.explorer.delete', uid) && (
                  <Button color="red" variant="subtle" onClick={remove} disabled={busy}>
                    Delete this entry
                  </Button>
                )}
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
      </Stack>
      </EditFactsContext.Provider>
    </FormValues.Provider>
  );
}
