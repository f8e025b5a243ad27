/**
 * What the shadow CRUD generates for one content-type, switched off piece by piece through the
 * extension service (Strapi v4's `extension.shadowCRUD(uid)`): the whole type, its queries or
 * mutations, single actions, and per attribute its output, input and filters.
 */

/** The actions of a content-type's generated root fields. */
export const ACTIONS = ['find', 'findOne', 'create', 'update', 'delete'] as const;
export type GraphqlAction = (typeof ACTIONS)[number];
const QUERY_ACTIONS: readonly string[] = ['find', 'findOne'];

export interface FieldSwitches {
  disable(): FieldSwitches;
  disableOutput(): FieldSwitches;
  disableInput(): FieldSwitches;
  disableFilters(): FieldSwitches;
  isEnabled(): boolean;
  isDisabled(): boolean;
  hasOutputEnabled(): boolean;
  hasInputEnabled(): boolean;
  hasFiltersEnabled(): boolean;
}

export interface ContentTypeSwitches {
  disable(): ContentTypeSwitches;
  disableQueries(): ContentTypeSwitches;
  disableMutations(): ContentTypeSwitches;
  disableAction(action: string): ContentTypeSwitches;
  disableActions(actions: readonly string[]): ContentTypeSwitches;
  isEnabled(): boolean;
  isDisabled(): boolean;
  areQueriesEnabled(): boolean;
  areQueriesDisabled(): boolean;
  areMutationsEnabled(): boolean;
  areMutationsDisabled(): boolean;
  isActionEnabled(action: string): boolean;
  isActionDisabled(action: string): boolean;
  field(name: string): FieldSwitches;
}

interface FieldState {
  enabled: boolean;
  output: boolean;
  input: boolean;
  filters: boolean;
}

function createFieldSwitches(state: FieldState, assertOpen: () => void): FieldSwitches {
  const set = (key: keyof FieldState): FieldSwitches => {
    assertOpen();
    state[key] = false;
    return switches;
  };
  const switches: FieldSwitches = {
    disable: () => set('enabled'),
    disableOutput: () => set('output'),
    disableInput: () => set('input'),
    disableFilters: () => set('filters'),
    isEnabled: () => state.enabled,
    isDisabled: () => !state.enabled,
    hasOutputEnabled: () => state.enabled && state.output,
    hasInputEnabled: () => state.enabled && state.input,
    hasFiltersEnabled: () => state.enabled && state.filters,
  };
  return switches;
}

export function createContentTypeSwitches(assertOpen: () => void): ContentTypeSwitches {
  let enabled = true;
  const disabledActions = new Set<string>();
  const fields = new Map<string, FieldSwitches>();
  const change = (fn: () => void): ContentTypeSwitches => {
    assertOpen();
    fn();
    return switches;
  };
  const queriesDisabled = () => QUERY_ACTIONS.every((a) => disabledActions.has(a));
  const mutationsDisabled = () => ACTIONS.filter((a) => !QUERY_ACTIONS.includes(a)).every((a) => disabledActions.has(a));
  const addAll = (actions: readonly string[]) => {
    for (const action of actions) disabledActions.add(action);
  };
  const switches: ContentTypeSwitches = {
    disable: () => change(() => (enabled = false)),
    disableQueries: () => change(() => addAll(QUERY_ACTIONS)),
    disableMutations: () => change(() => addAll(ACTIONS.filter((a) => !QUERY_ACTIONS.includes(a)))),
    disableAction: (action) => change(() => disabledActions.add(action)),
    disableActions: (actions) => change(() => addAll(actions)),
    isEnabled: () => enabled,
    isDisabled: () => !enabled,
    areQueriesEnabled: () => enabled && !queriesDisabled(),
    areQueriesDisabled: () => !enabled || queriesDisabled(),
    areMutationsEnabled: () => enabled && !mutationsDisabled(),
    areMutationsDisabled: () => !enabled || mutationsDisabled(),
    isActionEnabled: (action) => enabled && !disabledActions.has(action),
    isActionDisabled: (action) => !enabled || disabledActions.has(action),
    field(name) {
      let field = fields.get(name);
      if (!field) {
        field = createFieldSwitches({ enabled: true, output: true, input: true, filters: true }, assertOpen);
        fields.set(name, field);
      }
      return field;
    },
  };
  return switches;
}
