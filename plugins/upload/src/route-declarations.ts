/**
 * What this plugin declares about its routes to the content API, for the transports to read
 * (the API's document): its content API, which takes multipart bodies and answers the file
 * records themselves (not the `{ data }` envelope), and the local files route. Plain data; no
 * transport is imported.
 */
import { modelSchemaRef, type Declarations, type JsonSchema } from '@platform/query-engine';
import { FILE_UID } from './file-content-type';

const OWNER = 'upload';
const RECORD = 'UploadFileRecord';
const record: JsonSchema = { $ref: `#/components/schemas/${RECORD}` };
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

export function declareRoutes(declarations: Declarations): void {
  declarations.addSchemas(OWNER, {
    [RECORD]: {
      description: 'A file record, flat (its id beside its attributes)',
      allOf: [{ type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }, { $ref: modelSchemaRef(FILE_UID) }],
    },
  });
  const fileInfo = { type: 'string', description: 'JSON: `{ "name", "alternativeText", "caption" }`, or a list of them, one per file' };
  declarations.describeRoute(
    OWNER,
    { handler: 'plugin::upload.content-api.upload' },
    {
      summary: 'Upload files (and link them to an entry with ref, refId, field); with ?id, replace that file or change its info',
      parameters: [{ name: 'id', in: 'query', description: 'the file to replace, or whose info to change', schema: { type: 'integer', minimum: 1 } }],
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: {
                files: {
                  oneOf: [
                    { type: 'string', format: 'binary' },
                    { type: 'array', items: { type: 'string', format: 'binary' } },
                  ],
                },
                fileInfo,
                ref: { type: 'string', description: "the uid of the entry's content-type (`api::article.article`)" },
                refId: { type: 'integer' },
                field: { type: 'string', description: "the entry's media attribute" },
              },
            },
          },
        },
      },
      responses: { '200': { description: 'The new file records (one record when ?id is given)', content: json({ oneOf: [{ type: 'array', items: record }, record] }) } },
    },
  );
  declarations.describeRoute(
    OWNER,
    { handler: 'plugin::upload.content-api.find' },
    {
      summary: 'List the file records',
      parameters: ['filters', 'sort', 'fields', 'populate', 'pagination'].map((name) => ({
        name,
        in: 'query' as const,
        style: 'deepObject' as const,
        explode: true,
        schema: { oneOf: [{ type: 'string' }, { type: 'array' }, { type: 'object' }] },
      })),
      responses: { '200': { description: 'The records, as a bare list', content: json({ type: 'array', items: record }) } },
    },
  );
  declarations.describeRoute(
    OWNER,
    { handler: 'plugin::upload.content-api.findOne' },
    {
      summary: 'One file record',
      responses: { '200': { description: 'The record', content: json(record) } },
    },
  );
  declarations.describeRoute(
    OWNER,
    { handler: 'plugin::upload.content-api.destroy' },
    {
      summary: 'Delete a file (its stored objects and formats too)',
      responses: { '200': { description: 'The deleted record', content: json(record) } },
    },
  );
  declarations.describeRoute(
    OWNER,
    { method: 'GET', path: '/uploads/:name' },
    {
      summary: 'A stored file of the local provider',
      responses: { '200': { description: "The file's bytes", content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } } },
    },
  );
}
