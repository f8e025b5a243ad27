/**
 * `populate` as clients written for Strapi 4.13 and earlier send it: one query string that
 * mixes the object form with plain values (`populate[blocks][populate]=*&populate=localizations
 * &populate[seo]=true`), and `*` inside a list (`populate[x][populate][0]=*&...[1]=quote`).
 * The qs of Strapi 4.13 (6.11) merged such a mix into one object; today's qs keeps the pieces
 * apart, as index keys (`{ 0: {...}, 1: 'localizations', seo: 'true' }`) or an array of strings
 * and objects, which Strapi 4.26 then drops (or answers 500). Here the pieces are merged back
 * into one populate object, as 4.13 read them, at every level: a string or list item names
 * attributes (`a.b` populates `b` under `a`), an object's keys are attributes, `*` is every
 * attribute of the level (the `'*'` key of the merged object, which the parser expands), and
 * the same attribute named twice populates what both ask for. A value without a mix comes
 * back unchanged, so every form the parser reads keeps its meaning.
 */
import { isPlainObject } from '@platform/core';
import { invalidPopulate } from './parse-helpers';

type PopulateObject = Record<string, unknown>;

/** qs's keys for the pieces of a mix (and for list items past its array limit) */
const INDEX = /^\d+$/;

const listItems = (text: string): string[] =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** Whether one level of populate mixes forms (or lists `*` with something else) and must be merged. */
function isMixed(level: unknown): boolean {
  if (typeof level === 'string') {
    const items = listItems(level);
    return items.length > 1 && items.includes('*');
  }
  if (Array.isArray(level)) return level.some((item) => typeof item !== 'string' || listItems(item).includes('*'));
  if (isPlainObject(level)) return Object.keys(level).some((key) => INDEX.test(key));
  return false;
}

/** `populate` with its mixed levels merged into objects, at every depth. */
export function mergePopulatePieces(level: unknown, path = 'populate'): unknown {
  if (isMixed(level)) {
    const merged: PopulateObject = {};
    addLevel(merged, level, path);
    return merged;
  }
  if (!isPlainObject(level)) return level;
  const out: PopulateObject = {};
  for (const [key, value] of Object.entries(level)) if (key !== '__proto__') out[key] = mergeAttributePieces(value, `${path}[${key}]`);
  return out;
}

/** One attribute's value in the object form: its nested `populate` and its zone fragments merged. */
function mergeAttributePieces(value: unknown, path: string): unknown {
  if (!isPlainObject(value)) return value;
  const out: PopulateObject = { ...value };
  if (value.populate !== undefined) out.populate = mergePopulatePieces(value.populate, `${path}[populate]`);
  if (isPlainObject(value.on)) {
    const on: PopulateObject = {};
    for (const [uid, fragment] of Object.entries(value.on)) on[uid] = mergeAttributePieces(fragment, `${path}[on][${uid}]`);
    out.on = on;
  }
  return out;
}

/** Adds what one level asks for to `into` (the merged object of that level). */
function addLevel(into: PopulateObject, level: unknown, path: string): void {
  if (level === undefined || level === null || level === false || level === '') return;
  if (level === true) {
    into['*'] = true;
    return;
  }
  if (typeof level === 'string') {
    for (const item of listItems(level)) {
      if (item === '*') {
        into['*'] = true;
        continue;
      }
      const [head = '', ...rest] = item.split('.');
      addAttribute(into, head, rest.length > 0 ? { populate: rest.join('.') } : true, path);
    }
    return;
  }
  if (Array.isArray(level)) {
    level.forEach((item, index) => {
      if (typeof item !== 'string' && !isPlainObject(item)) throw invalidPopulate(`${path}[${index}]`);
      addLevel(into, item, path);
    });
    return;
  }
  if (!isPlainObject(level)) throw invalidPopulate(path);
  for (const [key, value] of Object.entries(level)) {
    if (INDEX.test(key)) addLevel(into, value, path);
    else addAttribute(into, key, mergeAttributePieces(value, `${path}[${key}]`), path);
  }
}

function addAttribute(into: PopulateObject, key: string, value: unknown, path: string): void {
  // never an attribute, and assigning it would replace the object's prototype
  if (key === '__proto__') return;
  into[key] = Object.hasOwn(into, key) ? mergeValues(into[key], value, `${path}[${key}]`) : value;
}

/** Two requests for one attribute: options of both (the later wins on a clash), nested populates merged. */
function mergeValues(a: unknown, b: unknown, path: string): unknown {
  if (isPlainObject(a) && isPlainObject(b)) {
    const out: PopulateObject = { ...a, ...b };
    if (a.populate !== undefined && b.populate !== undefined) {
      const populate: PopulateObject = {};
      addLevel(populate, a.populate, `${path}[populate]`);
      addLevel(populate, b.populate, `${path}[populate]`);
      out.populate = populate;
    }
    if (isPlainObject(a.on) && isPlainObject(b.on)) {
      const on: PopulateObject = { ...a.on };
      for (const [uid, fragment] of Object.entries(b.on)) on[uid] = Object.hasOwn(on, uid) ? mergeValues(on[uid], fragment, `${path}[on][${uid}]`) : fragment;
      out.on = on;
    }
    return out;
  }
  // an object asks for the attribute and more; `true` only for the attribute
  if (isPlainObject(a)) return a;
  if (isPlainObject(b)) return b;
  return isFalse(b) ? a : b;
}

const isFalse = (value: unknown): boolean => value === false || (typeof value === 'string' && ['false', 'f', '0', ''].includes(value.trim()));
