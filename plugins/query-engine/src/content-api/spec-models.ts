/**
 * For the contract's unit specs: a few hand-built models (only what sanitizing reads: fields,
 * attributes, targets) and their registry. Not a test file itself.
 *
 *   writer: name, email, token (private), password; articles -> article; profile (component)
 *   article: title, secret (private); author -> writer; seo (component); blocks (zone: seo, quote)
 *   shared.seo: metaTitle, note (private)    shared.quote: text, by -> writer
 */
import { createRegistry, type Attribute, type Field, type Model, type ModelRegistry, type ScalarField } from '@platform/core';

type Spec = Record<string, Attribute>;

function fieldOf(name: string, attribute: Attribute): Field {
  const attr = attribute as Attribute & { target?: string; component?: string; components?: string[]; repeatable?: boolean; relation?: string };
  switch (attr.type) {
    case 'relation':
      return { kind: 'relation', name, target: attr.target as string, toMany: String(attr.relation).endsWith('ToMany'), attribute } as Field;
    case 'component':
      return { kind: 'component', name, component: attr.component as string, repeatable: attr.repeatable === true, attribute };
    case 'dynamiczone':
      return { kind: 'dynamiczone', name, components: attr.components ?? [], attribute };
    default:
      return { kind: 'scalar', name, column: name, type: attr.type, attribute } as Field;
  }
}

function model(uid: string, attributes: Spec): Model {
  const fields = new Map(Object.entries(attributes).map(([name, attribute]) => [name, fieldOf(name, attribute)]));
  const component = !uid.includes('::');
  return {
    uid,
    kind: component ? 'component' : 'collectionType',
    tableName: uid,
    singularName: uid,
    pluralName: uid,
    namespace: component ? 'component' : 'api',
    attributes,
    fields,
    scalarFields: [...fields.values()].filter((f): f is ScalarField => f.kind === 'scalar'),
    componentJoin: null,
    options: {},
    pluginOptions: {},
    source: `${uid}.json`,
    hasCreatorColumns: false,
  };
}

export const WRITER = 'api::writer.writer';
export const ARTICLE = 'api::article.article';

export function specModels(): ModelRegistry {
  return createRegistry([
    model(WRITER, {
      name: { type: 'string' },
      email: { type: 'email' },
      token: { type: 'string', private: true },
      password: { type: 'password' },
      articles: { type: 'relation', relation: 'oneToMany', target: ARTICLE },
      profile: { type: 'component', component: 'shared.seo', repeatable: false },
      createdAt: { type: 'datetime' },
    } as Spec),
    model(ARTICLE, {
      title: { type: 'string' },
      secret: { type: 'string', private: true },
      locked: { type: 'string', writable: false },
      author: { type: 'relation', relation: 'manyToOne', target: WRITER },
      seo: { type: 'component', component: 'shared.seo', repeatable: true },
      blocks: { type: 'dynamiczone', components: ['shared.seo', 'shared.quote'] },
    } as Spec),
    model('shared.seo', { metaTitle: { type: 'string' }, note: { type: 'string', private: true } } as Spec),
    model('shared.quote', { text: { type: 'string' }, by: { type: 'relation', relation: 'oneToOne', target: WRITER } } as Spec),
  ]);
}
