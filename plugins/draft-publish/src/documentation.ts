/**
 * What this plugin tells the documentation plugin (when it is enabled): the
 * `publicationState` parameter, on the content-types that have drafts.
 */
import type { DocumentationService } from '@platform/documentation';
import { modelHasDrafts, PUBLICATION_STATES } from './publication-state';

export function describeForDocumentation(documentation: DocumentationService): void {
  documentation.describeParameter('publicationState', {
    description: '`live` (the default): published entries only, at every level; `preview`: drafts too',
    schema: { type: 'string', enum: [...PUBLICATION_STATES] },
    appliesTo: modelHasDrafts,
  });
}
