/**
 * Every side of every relation of the relations fixture app, as the HTTP tests drive them.
 */
import type { RelationSide } from './helpers';

export const SIDES: RelationSide[] = [
  { title: 'manyToMany, owner side', plural: 'posts', nameField: 'title', field: 'labels', toMany: true, target: { plural: 'labels', nameField: 'name' }, inverse: { field: 'posts', toMany: true } },
  { title: 'manyToMany, mappedBy side', plural: 'labels', nameField: 'name', field: 'posts', toMany: true, target: { plural: 'posts', nameField: 'title' }, inverse: { field: 'labels', toMany: true } },
  { title: 'oneToOne two-way, owner side', plural: 'people', nameField: 'name', field: 'passport', toMany: false, target: { plural: 'passports', nameField: 'number' }, inverse: { field: 'holder', toMany: false } },
  { title: 'oneToOne two-way, mappedBy side', plural: 'passports', nameField: 'number', field: 'holder', toMany: false, target: { plural: 'people', nameField: 'name' }, inverse: { field: 'passport', toMany: false } },
  { title: 'oneToMany owning the link (inversedBy on the oneToMany side)', plural: 'people', nameField: 'name', field: 'posts', toMany: true, target: { plural: 'posts', nameField: 'title' }, inverse: { field: 'author', toMany: false } },
  { title: 'manyToOne mappedBy a oneToMany', plural: 'posts', nameField: 'title', field: 'author', toMany: false, target: { plural: 'people', nameField: 'name' }, inverse: { field: 'posts', toMany: true } },
  { title: 'manyToOne owning the link (inversedBy on the manyToOne side)', plural: 'posts', nameField: 'title', field: 'blog', toMany: false, target: { plural: 'blogs', nameField: 'name' }, inverse: { field: 'posts', toMany: true } },
  { title: 'oneToMany mappedBy a manyToOne', plural: 'blogs', nameField: 'name', field: 'posts', toMany: true, target: { plural: 'posts', nameField: 'title' }, inverse: { field: 'blog', toMany: false } },
  { title: 'self manyToMany, owner side', plural: 'people', nameField: 'name', field: 'following', toMany: true, target: { plural: 'people', nameField: 'name' }, inverse: { field: 'followers', toMany: true } },
  { title: 'self manyToMany, mappedBy side', plural: 'people', nameField: 'name', field: 'followers', toMany: true, target: { plural: 'people', nameField: 'name' }, inverse: { field: 'following', toMany: true } },
  { title: 'one-way oneToOne', plural: 'posts', nameField: 'title', field: 'pinnedLabel', toMany: false, target: { plural: 'labels', nameField: 'name' } },
  { title: 'one-way self oneToOne', plural: 'people', nameField: 'name', field: 'mentor', toMany: false, target: { plural: 'people', nameField: 'name' } },
  { title: 'one-way self oneToMany (many-way)', plural: 'posts', nameField: 'title', field: 'related', toMany: true, target: { plural: 'posts', nameField: 'title' } },
];
