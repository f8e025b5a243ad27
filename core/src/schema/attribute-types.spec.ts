import { expect } from 'chai';
import { createRegistry } from '../model/build-models';
import { bootError } from '../../../test/helpers/boot-error';
import { collectAttributeTypes, type AttributeTypeDefinition } from './attribute-types';

const definition: AttributeTypeDefinition = { toField: () => ({ target: null, multiple: false, options: {} }) };

describe('attribute types provided by plugins', () => {
  it('finds the types of the enabled plugins, and only those', () => {
    const types = collectAttributeTypes([{ name: 'pins', attributeTypes: { pin: definition } }, { name: 'other' }]);
    expect(types.find('pin')).to.equal(definition);
    expect(types.find('color')).to.equal(undefined);
  });

  it('refuses a type two plugins provide, or one the kernel has', () => {
    const twice = bootError(() =>
      collectAttributeTypes([
        { name: 'a', attributeTypes: { pin: definition } },
        { name: 'b', attributeTypes: { pin: definition } },
      ]),
    );
    expect({ code: twice.code, message: twice.message }).to.deep.equal({ code: 'REGISTRY_DUPLICATE', message: 'Plugins "a" and "b" both provide the attribute type "pin"' });
    const core = bootError(() => collectAttributeTypes([{ name: 'a', attributeTypes: { relation: definition } }]));
    expect(core.message).to.equal('Plugin "a" provides the attribute type "relation", which the kernel already has');
  });

  it('hands their tables to schema sync as link tables named after the plugin', () => {
    const types = collectAttributeTypes([
      {
        name: 'pins',
        attributeTypes: {
          pin: {
            ...definition,
            tables: () => [
              {
                name: 'pins',
                columns: [
                  { name: 'owner_id', kind: 'integer', unsigned: true },
                  { name: 'field', kind: 'string' },
                ],
              },
            ],
          },
        },
      },
    ]);
    expect(types.tables(createRegistry([]))).to.deep.equal([
      {
        name: 'pins',
        role: 'link',
        source: 'plugin pins',
        columns: [
          { name: 'id', kind: 'increments', explicitNull: false },
          { name: 'owner_id', kind: 'integer', explicitNull: true, unsigned: true },
          { name: 'field', kind: 'string', explicitNull: true },
        ],
        indexes: [],
        foreignKeys: [],
      },
    ]);
  });
});
