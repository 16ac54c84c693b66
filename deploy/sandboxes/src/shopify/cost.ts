import {
  getNamedType,
  isLeafType,
  isObjectType,
  Kind,
  valueFromASTUntyped,
  type FragmentDefinitionNode,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/** Shopify's cap on one query's requested cost (providers.md). */
export const SINGLE_QUERY_MAX_COST = 1000;
/** What a mutation costs. */
export const MUTATION_COST = 10;

/**
 * The requested cost of an operation, Shopify's way (shopify.dev, "rate limits"): a scalar or enum
 * costs 0, an object 1, a connection 2 plus `first` (or `last`) times the cost of one of its items,
 * a mutation 10. The sandbox charges the requested cost (it refunds nothing: actual = requested).
 */
export function requestedCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Readonly<Record<string, FragmentDefinitionNode>>,
  variables: Readonly<Record<string, unknown>>,
): number {
  if (operation.operation === 'mutation') return MUTATION_COST * operation.selectionSet.selections.length;
  const root = schema.getQueryType()!;
  return selectionCost(root, operation.selectionSet, fragments, variables);
}

function selectionCost(
  parent: GraphQLObjectType,
  set: SelectionSetNode,
  fragments: Readonly<Record<string, FragmentDefinitionNode>>,
  variables: Readonly<Record<string, unknown>>,
): number {
  let cost = 0;
  for (const selection of set.selections) {
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      cost += selectionCost(parent, selection.selectionSet, fragments, variables);
      continue;
    }
    if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const fragment = fragments[selection.name.value];
      if (fragment) cost += selectionCost(parent, fragment.selectionSet, fragments, variables);
      continue;
    }
    const field = parent.getFields()[selection.name.value];
    if (!field || !selection.selectionSet) continue;
    const type = getNamedType(field.type);
    if (isLeafType(type) || !isObjectType(type)) continue;
    if (type.name.endsWith('Connection')) {
      const size = argument(selection.arguments ?? [], ['first', 'last'], variables) ?? 1;
      let perItem = 0;
      for (const inner of selection.selectionSet.selections) {
        if (inner.kind !== Kind.FIELD || !inner.selectionSet) continue;
        const innerType = getNamedType(type.getFields()[inner.name.value]?.type);
        if (!innerType || !isObjectType(innerType) || inner.name.value === 'pageInfo') continue;
        // nodes { … } is an item; edges { node { … } } is one too (the edge itself is free).
        perItem += inner.name.value === 'edges' ? selectionCost(innerType, inner.selectionSet, fragments, variables) : 1 + selectionCost(innerType, inner.selectionSet, fragments, variables);
      }
      cost += 2 + size * perItem;
      continue;
    }
    cost += 1 + selectionCost(type, selection.selectionSet, fragments, variables);
  }
  return cost;
}

function argument(args: readonly { name: { value: string }; value: import('graphql').ValueNode }[], names: string[], variables: Readonly<Record<string, unknown>>): number | undefined {
  for (const arg of args) {
    if (!names.includes(arg.name.value)) continue;
    const value = valueFromASTUntyped(arg.value, variables as Record<string, unknown>);
    if (typeof value === 'number') return value;
  }
  return undefined;
}
