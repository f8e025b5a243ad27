/**
 * The list of a collection type's entries, everything done by the server (fast on any number
 * of entries): chosen columns, search, filters, sort by a column, pagination, the locale of a
 * localized type, and bulk delete / publish / unpublish of the selected entries.
 */
import { Alert, Badge, Button, Checkbox, Group, Menu, Pagination, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { api, ApiError, queryString } from '../api';
import { useSession } from '../session';
import type { Attribute, Entry, Pagination as PageInfo } from '../types';
import { humanize } from './field-input';
import { FilterBar, type Filter, toFilters } from './filter-bar';
import { useLocales } from './use-locales';

const LISTABLE = new Set(['string', 'text', 'email', 'uid', 'enumeration', 'integer', 'biginteger', 'float', 'decimal', 'boolean', 'date', 'datetime', 'time']);

function defaultColumns(attributes: Record<string, Attribute>): string[] {
  return ['id', ...Object.entries(attributes).filter(([name, a]) => LISTABLE.has(a.type) && !a.private && !['createdAt', 'updatedAt', 'publishedAt', 'locale'].includes(name)).slice(0, 4).map(([name]) => name)];
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

export function ListView({ uid }: { uid: string }) {
  const session = useSession();
  const type = session.contentTypes.find((t) => t.uid === uid);
  const storageKey = `columns:${uid}`;
  const [columns, setColumns] = useState<string[]>(() => {
    const kept = localStorage.getItem(storageKey);
    return kept ? (JSON.parse(kept) as string[]) : type ? defaultColumns(type.attributes) : ['id'];
  });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState('10');
  const [sort, setSort] = useState('id:asc');
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Filter[]>([]);
  const locales = useLocales(type?.options.localized === true);
  const [locale, setLocale] = useState<string | null>(null);
  const [data, setData] = useState<{ results: Entry[]; pagination: PageInfo } | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);

  const query = useMemo(() => queryString({ page, pageSize, sort, _q: search || undefined, filters: toFilters(filters), locale: locale ?? undefined }), [page, pageSize, sort, search, filters, locale]);
  const load = useCallback(async () => {
    try {
      setError(null);
      setData(await api.get(`/content-manager/collection-types/${uid}${query}`));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The entries could not be loaded');
    }
  }, [uid, query]);
  useEffect(() => {
    const timer = setTimeout(() => void load(), 150);
    return () => clearTimeout(timer);
  }, [load]);
  useEffect(() => {
    if (locale === null && locales.length > 0) setLocale(locales.find((l) => l.isDefault)?.code ?? locales[0]?.code ?? null);
  }, [locales, locale]);

  if (!type) return <Alert color="red">Unknown content-type</Alert>;
  const chooseColumns = (next: string[]) => {
    setColumns(next);
    localStorage.setItem(storageKey, JSON.stringify(next));
  };
  const [sortField, sortOrder] = sort.split(':');
  const toggleSort = (field: string) => setSort(sortField === field && sortOrder === 'asc' ? `${field}:desc` : `${field}:asc`);
  const bulk = async (action: 'bulkDelete' | 'bulkPublish' | 'bulkUnpublish') => {
    if (action === 'bulkDelete' && !window.confirm(`Delete ${selected.length} entries?`)) return;
    try {
      await api.post(`/content-manager/collection-types/${uid}/actions/${action}`, { ids: selected });
      setSelected([]);
      await load();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The action failed');
    }
  };
  const rows = data?.results ?? [];
  const allSelected = rows.length > 0 && rows.every((r) => selected.includes(r.id));
  const canCreate = session.can('plugin::content-manager.explorer.create', uid);
  const dp = type.options.draftAndPublish;

  return (
    <Stack>
      <Group justify="space-between">
        <div>
          <Title order={2}>{type.info.displayName}</Title>
          <Text size="sm" c="dimmed">
            {data ? `${data.pagination.total} ${data.pagination.total === 1 ? 'entry' : 'entries'} found` : 'Loading…'}
          </Text>
        </div>
        {canCreate && (
          <Button component={Link} href={`/content-manager/collection-types/${uid}/create${locale ? `?locale=${locale}` : ''}`}>
            Create new entry
          </Button>
        )}
      </Group>
      <Group>
        <TextInput aria-label="Search" placeholder="Search" value={search} onChange={(e) => { setSearch(e.currentTarget.value); setPage(1); }} />
        <FilterBar attributes={type.attributes} filters={filters} onChange={(next) => { setFilters(next); setPage(1); }} />
        {type.options.localized && <Select aria-label="Locale" data={locales.map((l) => ({ value: l.code, label: l.name }))} value={locale} onChange={(v) => { setLocale(v); setPage(1); }} w={160} />}
        <Menu closeOnItemClick={false}>
          <Menu.Target>
            <Button variant="default">Columns</Button>
          </Menu.Target>
          <Menu.Dropdown>
            {['id', ...Object.keys(type.attributes).filter((n) => LISTABLE.has(type.attributes[n]?.type ?? '') || ['createdAt', 'updatedAt'].includes(n))].map((name) => (
              <Menu.Item key={name}>
                <Checkbox label={humanize(name)} checked={columns.includes(name)} onChange={(e) => chooseColumns(e.currentTarget.checked ? [...columns, name] : columns.filter((c) => c !== name))} />
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      {selected.length > 0 && (
        <Group>
          <Text size="sm">{selected.length} selected</Text>
          {dp && session.can('plugin::content-manager.explorer.publish', uid) && (
            <>
              <Button size="xs" variant="light" onClick={() => bulk('bulkPublish')}>
                Publish
              </Button>
              <Button size="xs" variant="light" onClick={() => bulk('bulkUnpublish')}>
                Unpublish
              </Button>
            </>
          )}
          {session.can('plugin::content-manager.explorer.delete', uid) && (
            <Button size="xs" color="red" variant="light" onClick={() => bulk('bulkDelete')}>
              Delete
            </Button>
          )}
        </Group>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Table striped highlightOnHover withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox aria-label="Select all entries of this page" checked={allSelected} onChange={() => setSelected(allSelected ? [] : rows.map((r) => r.id))} />
            </Table.Th>
            {columns.map((name) => (
              <Table.Th key={name} aria-sort={sortField === name ? (sortOrder === 'asc' ? 'ascending' : 'descending') : undefined}>
                <button type="button" className="link-button" onClick={() => toggleSort(name)}>
                  {humanize(name)} {sortField === name ? (sortOrder === 'asc' ? '▲' : '▼') : ''}
                </button>
              </Table.Th>
            ))}
            {dp && <Table.Th>Status</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Checkbox aria-label={`Select entry ${row.id}`} checked={selected.includes(row.id)} onChange={() => setSelected(selected.includes(row.id) ? selected.filter((s) => s !== row.id) : [...selected, row.id])} />
              </Table.Td>
              {columns.map((name, i) => (
                <Table.Td key={name}>
                  {i === 0 || (i === 1 && name !== 'id') ? (
                    <Link href={`/content-manager/collection-types/${uid}/${row.id}`} aria-label={i === 0 ? `Edit entry ${row.id}` : undefined}>
                      {cell(row[name]) || `#${row.id}`}
                    </Link>
                  ) : (
                    cell(row[name])
                  )}
                </Table.Td>
              ))}
              {dp && (
                <Table.Td>
                  <Badge variant="default" color={row.publishedAt ? 'green' : 'blue'}>
                    {row.publishedAt ? 'Published' : 'Draft'}
                  </Badge>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {rows.length === 0 && data && <Text c="dimmed">No entry yet.</Text>}
      <Group justify="space-between">
        <Select aria-label="Entries per page" data={['10', '25', '50', '100']} value={pageSize} onChange={(v) => { setPageSize(v ?? '10'); setPage(1); }} w={100} />
        <Pagination total={data?.pagination.pageCount ?? 1} value={page} onChange={setPage} getControlProps={(control) => ({ 'aria-label': `${control} page` })} getItemProps={(p) => ({ 'aria-label': `Page ${p}` })} />
      </Group>
    </Stack>
  );
}
