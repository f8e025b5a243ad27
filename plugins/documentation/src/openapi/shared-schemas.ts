/**
 * The schemas every content-type shares: the error envelope with its names, pagination meta,
 * a relation's input (ids, or `connect`/`disconnect`/`set`), the filter operators.
 */
import type { SchemaObject } from './types';
import { ref } from './types';

export const ERROR = 'Error';
export const PAGINATION = 'Pagination';
export const RELATION_INPUT = 'RelationInput';
export const FILTER_OPERATORS = 'FilterOperators';

/** The `name` of every error the API answers, with its status (core/src/errors.ts, and the 500). */
export const ERROR_NAMES: ReadonlyArray<readonly [string, number]> = [
  ['ApplicationError', 400],
  ['ValidationError', 400],
  ['PaginationError', 400],
  ['BadRequestError', 400],
  ['SyntaxError', 400],
  ['UnauthorizedError', 401],
  ['ForbiddenError', 403],
  ['PolicyError', 403],
  ['NotFoundError', 404],
  ['MethodNotAllowedError', 405],
  ['RequestTimeoutError', 408],
  ['PayloadTooLargeError', 413],
  ['UnsupportedMediaTypeError', 415],
  ['RateLimitError', 429],
  ['InternalServerError', 500],
  ['NotImplementedError', 501],
  ['ServiceUnavailableError', 503],
];

/** A connect item's longhand, with its optional position. */
const CONNECT_ITEM: SchemaObject = {
  oneOf: [
    { type: 'integer' },
    {
      type: 'object',
      required: ['id'],
      properties: {
        id: { type: 'integer' },
        position: {
          type: 'object',
          minProperties: 1,
          maxProperties: 1,
          properties: { before: { type: 'integer' }, after: { type: 'integer' }, start: { const: true }, end: { const: true } },
        },
      },
    },
  ],
};

const ID_ITEM: SchemaObject = { oneOf: [{ type: 'integer' }, { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }] };

const OPERAND: SchemaObject = { oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }] };
const OPERAND_LIST: SchemaObject = { type: 'array', items: OPERAND };

export function sharedSchemas(): Record<string, SchemaObject> {
  return {
    [ERROR]: {
      type: 'object',
      required: ['data', 'error'],
      properties: {
        data: { type: 'null' },
        error: {
          type: 'object',
          required: ['status', 'name', 'message'],
          properties: {
            status: { type: 'integer', enum: [...new Set(ERROR_NAMES.map(([, status]) => status))] },
            name: { type: 'string', enum: ERROR_NAMES.map(([name]) => name) },
            message: { type: 'string' },
            details: { type: 'object' },
          },
        },
      },
    },
    [PAGINATION]: {
      oneOf: [
        {
          type: 'object',
          title: 'page',
          required: ['page', 'pageSize'],
          properties: { page: { type: 'integer' }, pageSize: { type: 'integer' }, pageCount: { type: 'integer' }, total: { type: 'integer' } },
        },
        {
          type: 'object',
          title: 'offset',
          required: ['start', 'limit'],
          properties: { start: { type: 'integer' }, limit: { type: 'integer' }, total: { type: 'integer' } },
        },
      ],
    },
    [RELATION_INPUT]: {
      description: 'Ids to link: one id, a list (the whole list, in order), or connect/disconnect (partial) or set (whole list)',
      oneOf: [
        { type: 'integer' },
        { type: 'null' },
        { type: 'array', items: ID_ITEM },
        {
          type: 'object',
          properties: { connect: { type: 'array', items: CONNECT_ITEM }, disconnect: { type: 'array', items: ID_ITEM } },
          not: { required: ['set'] },
        },
        { type: 'object', required: ['set'], properties: { set: { type: 'array', items: ID_ITEM } }, additionalProperties: false },
      ],
    },
    [FILTER_OPERATORS]: {
      description: "An attribute's condition: an operator and its operand, or a value (the same as $eq)",
      oneOf: [
        OPERAND,
        {
          type: 'object',
          properties: {
            $eq: OPERAND,
            $eqi: OPERAND,
            $ne: OPERAND,
            $nei: OPERAND,
            $lt: OPERAND,
            $lte: OPERAND,
            $gt: OPERAND,
            $gte: OPERAND,
            $in: OPERAND_LIST,
            $notIn: OPERAND_LIST,
            $between: OPERAND_LIST,
            $contains: OPERAND,
            $notContains: OPERAND,
            $containsi: OPERAND,
            $notContainsi: OPERAND,
            $startsWith: OPERAND,
            $startsWithi: OPERAND,
            $endsWith: OPERAND,
            $endsWithi: OPERAND,
            $null: OPERAND,
            $notNull: OPERAND,
            $not: ref(FILTER_OPERATORS),
          },
        },
      ],
    },
  };
}
