/**
 * What an administrator may do, compiled once per set of roles from their `admin_permissions`
 * rows. A Super Admin may do everything. Otherwise an action on a subject is allowed by any of
 * the permissions naming it whose conditions hold; each may restrict the attributes
 * (`properties.fields`, nested paths such as `seo.metaTitle` allow their top attribute) and the
 * locales (`properties.locales`) it covers. `admin::is-creator` holds on entries the
 * administrator created (`created_by_id`); `admin::has-same-role-as-creator` on entries whose
 * creator shares one of its roles. A condition the panel does not know never holds.
 */
import { IS_CREATOR, KNOWN_CONDITIONS, SAME_ROLE_AS_CREATOR } from './actions';

export interface StoredPermission {
  id: number;
  action: string;
  subject: string | null;
  properties: { fields?: string[] | null; locales?: string[] | null; [key: string]: unknown };
  conditions: string[];
  actionParameters: Record<string, unknown>;
  roleId: number;
}

export interface Rule {
  /** top-level attributes this rule covers; null: all */
  fields: ReadonlySet<string> | null;
  /** locale codes; null: all */
  locales: ReadonlySet<string> | null;
  conditions: readonly string[];
}

/** What a condition needs to know of an entry. */
export interface EntryFacts {
  createdById: number | null;
  /** the creator's role ids, for `admin::has-same-role-as-creator` (loaded only when a rule needs it) */
  creatorRoleIds?: readonly number[];
  locale?: string | null;
}

export interface AdminAbility {
  readonly userId: number;
  readonly roleIds: readonly number[];
  readonly isSuperAdmin: boolean;
  /** whether any permission grants `action` (on `subject`), conditions aside */
  can(action: string, subject?: string | null): boolean;
  rules(action: string, subject?: string | null): readonly Rule[];
  /** whether `action` is allowed on an entry with these facts */
  allowsEntry(action: string, subject: string, entry: EntryFacts): boolean;
  /** the attributes `action` may touch on `subject` (null: all; empty: none) */
  fields(action: string, subject: string): ReadonlySet<string> | null;
  /**
   * How a list must be narrowed for `action`: null when no rule applies, `all` when one
   * applies without condition, `own` when only creator-conditioned rules apply.
   */
  listScope(action: string, subject?: string | null): 'all' | 'own' | 'same-role' | null;
  /** the permissions, as the panel's own page reads them (`/admin/users/me/permissions`) */
  readonly permissions: readonly StoredPermission[];
}

const key = (action: string, subject: string | null | undefined) => `${action}|${subject ?? ''}`;

function topFields(fields: unknown): ReadonlySet<string> | null {
  if (!Array.isArray(fields)) return null;
  return new Set(fields.filter((f): f is string => typeof f === 'string').map((f) => f.split('.')[0] as string));
}

function localeSet(locales: unknown): ReadonlySet<string> | null {
  return Array.isArray(locales) ? new Set(locales.filter((l): l is string => typeof l === 'string')) : null;
}

function holds(rule: Rule, userId: number, roleIds: readonly number[], entry: EntryFacts): boolean {
  if (rule.locales && entry.locale && !rule.locales.has(entry.locale)) return false;
  return rule.conditions.every((condition) => {
    if (condition === IS_CREATOR) return entry.createdById === userId;
    if (condition === SAME_ROLE_AS_CREATOR) return (entry.creatorRoleIds ?? []).some((id) => roleIds.includes(id));
    return false;
  });
}

export function compileAbility(userId: number, roleIds: readonly number[], isSuperAdmin: boolean, permissions: readonly StoredPermission[]): AdminAbility {
  const byKey = new Map<string, Rule[]>();
  for (const permission of permissions) {
    if (permission.conditions.some((c) => !KNOWN_CONDITIONS.has(c))) continue;
    const rule: Rule = { fields: topFields(permission.properties?.fields), locales: localeSet(permission.properties?.locales), conditions: permission.conditions };
    const k = key(permission.action, permission.subject);
    const list = byKey.get(k);
    if (list) list.push(rule);
    else byKey.set(k, [rule]);
  }
  const ALL: Rule = { fields: null, locales: null, conditions: [] };
  const rules = (action: string, subject?: string | null): readonly Rule[] => (isSuperAdmin ? [ALL] : (byKey.get(key(action, subject)) ?? []));
  return {
    userId,
    roleIds,
    isSuperAdmin,
    permissions,
    can: (action, subject) => rules(action, subject).length > 0,
    rules,
    allowsEntry: (action, subject, entry) => rules(action, subject).some((rule) => holds(rule, userId, roleIds, entry)),
    fields(action, subject) {
      const found = rules(action, subject);
      if (found.some((rule) => rule.fields === null)) return null;
      const union = new Set<string>();
      for (const rule of found) for (const field of rule.fields ?? []) union.add(field);
      return union;
    },
    listScope(action, subject) {
      const found = rules(action, subject);
      if (found.length === 0) return null;
      if (found.some((rule) => rule.conditions.length === 0)) return 'all';
      // entries of administrators sharing a role include one's own: the broader scope wins
      if (found.some((rule) => rule.conditions.length === 1 && rule.conditions[0] === SAME_ROLE_AS_CREATOR)) return 'same-role';
      return 'own';
    },
  };
}
