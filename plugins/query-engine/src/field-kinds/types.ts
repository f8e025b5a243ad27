/**
 * The contract of a field kind: how the query engine reads, writes, populates and filters the
 * attributes of a type a plugin provides (the kernel's ExtensionFields). The plugin that
 * provides the attribute type registers its kind in the query engine's field-kind registry
 * (`plugin::query-engine.field-kinds`) during `register`; every generic path of the engine
 * (write validation, writes, deletes, populate, filters, sort) dispatches to it.
 */
import type { ExtensionField, Model, PluginGround, ValidationIssue } from '@platform/core';

/**
 * Where the values of an attribute are stored: a table of (owner id, target id) pairs, with
 * the conditions that pick this attribute's pairs in a table several attributes share, and the
 * column that orders an owner's list. Populate, filters and sort all go through it, so a kind
 * costs one query per populated level, and a filter never duplicates the owner's rows.
 */
export interface FieldLink {
  table: string;
  ownerColumn: string;
  targetColumn: string;
  conditions: ReadonlyArray<readonly [column: string, value: string]>;
  /** orders one owner's list (then the pair's id); null: the pairs' id only */
  orderColumn: string | null;
  /** the model whose entries the attribute holds */
  target: Model;
}

/** One present attribute of an entry being written, with its value as parsed by the kind. */
export interface FieldInput<TInput = unknown> {
  field: ExtensionField;
  input: TInput;
}

export interface FieldKind<TInput = unknown> {
  /** the attribute type the kind handles, as the kernel knows it (`attributeTypes` key) */
  readonly type: string;
  /**
   * Reads the value a request body gives the attribute into the kind's input. Throws a
   * ValidationError (Strapi's `details.errors` shape) when the value is malformed.
   */
  parse(field: ExtensionField, value: unknown): TInput;
  /**
   * Checks the parsed inputs of one entry against the database (ids exist, types allowed),
   * inside the write's transaction and before anything is written. The issues are reported
   * in one ValidationError with those of the entry's relations (after them).
   */
  check?(ground: PluginGround, items: ReadonlyArray<FieldInput<TInput>>): Promise<ValidationIssue[]>;
  /** Stores one attribute of entry `id` of `owner`, once the entry's row exists. */
  write(ground: PluginGround, owner: Model, id: number, item: FieldInput<TInput>): Promise<void>;
  /** Removes what links the given entries of `model`, which are being deleted. */
  deleteLinks?(ground: PluginGround, model: Model, ids: number[]): Promise<void>;
  /**
   * The stored pairs of an attribute, for populate, filters and sort. Undefined: the value
   * cannot be populated, filtered or sorted on (a 400 `Invalid parameter` for the latter two).
   */
  link(ground: PluginGround, owner: Model, field: ExtensionField): FieldLink | undefined;
}
