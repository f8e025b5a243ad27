/**
 * What features declare about their GraphQL side, as plain data the graphql plugin reads when it
 * builds its schema: how the generated pieces of some models change (left out, nullable, given
 * a default, another permission or more input fields), scalars, input and output types, and
 * operations of their own whose resolver calls the content operations or the feature's own service. A feature writes these in `register`
 * and never imports the graphql plugin; with that plugin off nothing reads them.
 *
 * Names and types are GraphQL's as text. In an operation declared for several models,
 * `{Type}` stands for the model's GraphQL type name (`Article`) and `{uid}` for its uid, in the
 * field's name, its argument and result types and its scope (`create{Type}Localization`,
 * `{Type}Input!`, `{uid}.createLocalization`).
 */
import type { Model, MultipartParts, MultipartWatcher, RequestContext, RequestState } from '@platform/core';
import type { ContentApiAction, ContentApiContext } from './types';

/** The models a declaration is about: one uid, or those the predicate keeps once the models are built. */
export type ModelSelector = string | ((model: Model) => boolean);

/** How the generated schema treats some models; every field is optional and only adds. */
export interface GraphqlModelRule {
  models: ModelSelector;
  /** no type, no operation at all (tables that are no content) */
  hidden?: boolean;
  /** generated operations left out */
  withoutActions?: readonly ContentApiAction[];
  /** attributes left out of the input type (written by other means) */
  withoutInput?: readonly string[];
  /** required attributes are nullable in the output type (an entry may lack them: a draft) */
  optionalRequired?: boolean;
  /** values the generated create sets when the client's `data` does not name them */
  createDefaults?: Readonly<Record<string, unknown>>;
  /** the permissions generated operations require in place of their content-type action */
  scopes?: Partial<Record<ContentApiAction, readonly string[]>>;
  /** fields added to the generated input type (field name → GraphQL type), which the feature's own operations write */
  inputFields?: Readonly<Record<string, string>>;
}

/** A string scalar that accepts some values only; any other is a GraphQL error with `message`. */
export interface GraphqlScalarDeclaration {
  name: string;
  description?: string;
  accepts(value: unknown): boolean;
  message: string;
}

/** What a declared operation's resolver receives. */
export interface GraphqlOperationCall {
  /** the arguments, as plain objects */
  args: Record<string, unknown>;
  /** the model the field was made for (null when the declaration names none) */
  model: Model | null;
  /** the request's content-API context (`transport: 'graphql'`): operations called with it reuse its decisions */
  context: ContentApiContext;
  http: RequestContext;
  state: RequestState;
  /**
   * `model`'s `<Type>EntityResponse` of entry `id` for this field's selection (checked and
   * sanitized as a generated query's); `includeHidden` also finds what the caller could not list.
   */
  readEntry(id: number, options?: { includeHidden?: boolean }): Promise<{ data: unknown }>;
  /** the same for a list, in the order of `ids`, read as one query */
  readEntries(ids: number[], options?: { includeHidden?: boolean }): Promise<Array<{ data: unknown }>>;
}

/** An input field's GraphQL type, or its type and the value a client that leaves it out gets. */
export type GraphqlInputField = string | { type: string; defaultValue: string | number | boolean | null };

/** An input type of the feature's own: field name → GraphQL type. */
export interface GraphqlInputTypeDeclaration {
  name: string;
  fields: Readonly<Record<string, GraphqlInputField>>;
  /** made only when one of these models' types are generated (default: always) */
  models?: ModelSelector;
}

/** An output type of the feature's own (what its operations answer): field name → GraphQL type, each read as the answer's property of that name. */
export interface GraphqlObjectTypeDeclaration {
  name: string;
  fields: Readonly<Record<string, string>>;
  /** made only when one of these models' types are generated (default: always) */
  models?: ModelSelector;
}

/** What a multipart reader read (the kernel reader's parts), on disk until `dispose` once the answer is made. */
export interface DisposableMultipartParts extends MultipartParts {
  /** removes the files it wrote; called on every path once the answer is made */
  dispose(): Promise<void>;
}

/** Reads a multipart body within its owner's bounds (sizes, count), files streamed to disk. */
export type MultipartReader = (http: RequestContext, watch: MultipartWatcher) => Promise<DisposableMultipartParts>;

/** A root field of the feature's own. */
export interface GraphqlOperationDeclaration {
  root: 'Query' | 'Mutation';
  name: string;
  /** one field per model selected (its name then holds `{Type}`); none: one field */
  models?: ModelSelector;
  /** argument name → GraphQL type (`ID`, `{Type}Input!`, `I18NLocaleCode`) */
  args?: Readonly<Record<string, string>>;
  /** the result's GraphQL type */
  type: string;
  /** the permissions a caller needs (every one); false: anyone may call it */
  scope: readonly string[] | false;
  resolve(call: GraphqlOperationCall): Promise<unknown>;
}

export interface GraphqlDeclarations {
  model(owner: string, rule: GraphqlModelRule): void;
  scalar(owner: string, scalar: GraphqlScalarDeclaration): void;
  operation(owner: string, operation: GraphqlOperationDeclaration): void;
  inputType(owner: string, type: GraphqlInputTypeDeclaration): void;
  objectType(owner: string, type: GraphqlObjectTypeDeclaration): void;
  /** GraphQL multipart requests (file uploads) are read with `reader`, within its owner's bounds; without one they are refused */
  readMultipartWith(owner: string, reader: MultipartReader): void;
  /** in the order declared */
  modelRules(): readonly GraphqlModelRule[];
  scalars(): readonly GraphqlScalarDeclaration[];
  operations(): readonly GraphqlOperationDeclaration[];
  inputTypes(): readonly GraphqlInputTypeDeclaration[];
  objectTypes(): readonly GraphqlObjectTypeDeclaration[];
  multipartReader(): MultipartReader | null;
}

/** Whether `selector` selects `model`. */
export function selects(selector: ModelSelector, model: Model): boolean {
  return typeof selector === 'string' ? model.uid === selector : selector(model);
}

export function createGraphqlDeclarations(): GraphqlDeclarations {
  const rules: GraphqlModelRule[] = [];
  const scalars: GraphqlScalarDeclaration[] = [];
  const operations: GraphqlOperationDeclaration[] = [];
  const inputTypes: GraphqlInputTypeDeclaration[] = [];
  const objectTypes: GraphqlObjectTypeDeclaration[] = [];
  let reader: MultipartReader | null = null;
  return {
    model: (_owner, rule) => {
      rules.push(rule);
    },
    scalar: (_owner, scalar) => {
      scalars.push(scalar);
    },
    operation: (_owner, operation) => {
      operations.push(operation);
    },
    inputType: (_owner, type) => {
      inputTypes.push(type);
    },
    objectType: (_owner, type) => {
      objectTypes.push(type);
    },
    readMultipartWith: (_owner, given) => {
      reader = given;
    },
    modelRules: () => rules,
    scalars: () => scalars,
    operations: () => operations,
    inputTypes: () => inputTypes,
    objectTypes: () => objectTypes,
    multipartReader: () => reader,
  };
}
