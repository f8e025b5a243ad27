/**
 * The generated pieces features declared left out (`declarations.graphql.model(...)`: hidden
 * models, actions, input attributes), switched off on the extension service once every plugin
 * has bootstrapped and before the service closes (under `platform start` it closes before the
 * schema is built, on first use). Without graphql and graphql-compose: this runs at start-up.
 */
import type { ModelRegistry } from '@platform/core';
import { selects, type GraphqlDeclarations } from '@platform/query-engine';
import type { ExtensionService } from './extension-service';

export function applyDeclaredSwitches(declared: GraphqlDeclarations, models: ModelRegistry, extension: ExtensionService): void {
  for (const rule of declared.modelRules()) {
    for (const model of models.all()) {
      if (!selects(rule.models, model)) continue;
      const switches = extension.shadowCRUD(model.uid);
      if (rule.hidden) switches.disable();
      if (rule.withoutActions) switches.disableActions(rule.withoutActions);
      for (const field of rule.withoutInput ?? []) switches.field(field).disableInput();
    }
  }
}
