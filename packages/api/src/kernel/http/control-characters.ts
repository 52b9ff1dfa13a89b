import {
  BREAK,
  type DocumentNode,
  GraphQLError,
  type GraphQLInputType,
  type GraphQLSchema,
  getArgumentValues,
  getOperationAST,
  getVariableValues,
  isInputObjectType,
  isListType,
  isNonNullType,
  TypeInfo,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';

/** Tab, line feed and carriage return: the control characters multi-line text may hold. */
const lineBreaksAndTab = new Set([0x09, 0x0a, 0x0d]);

/**
 * Whether text holds a control character: C0 (U+0000-U+001F, NUL among them) or DEL, tab, newline
 * and CR excepted where `multiLine`.
 */
export function hasControlCharacters(text: string, multiLine = false): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x7f || (code < 0x20 && !(multiLine && lineBreaksAndTab.has(code)))) return true;
  }
  return false;
}

/**
 * The arguments and input fields (schema coordinates) whose text may span lines: they may hold tab,
 * newline and CR. Every other string is one line.
 */
export const multiLineFields: ReadonlySet<string> = new Set([
  'CreateAppointmentRequestInput.notes',
  'CheckoutNoteAnswerInput.value',
  'Mutation.cancelAppointment(reason:)',
]);

/**
 * Refuses, before anything runs, an operation any of whose String or ID values (arguments and input
 * fields, at any depth, from variables, defaults or inline literals) holds a control character:
 * BAD_USER_INPUT '<field> may not contain control characters.' PostgreSQL refuses NUL in text, so
 * without this such a value became an 'Unexpected error.' (and a logged SQL statement); other
 * control characters have no business in names, codes or addresses either. One check at the edge
 * covers every operation, present and future, so the input schemas need no rule of their own.
 */
export function useControlCharacterGuard(): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const field = fieldWithControlCharacters(
        args.schema,
        args.document,
        args.variableValues ?? {},
        args.operationName,
      );
      if (field === null) return;
      setResultAndStopExecution({
        data: null,
        errors: [
          new GraphQLError(`${field} may not contain control characters.`, {
            extensions: { code: 'BAD_USER_INPUT' },
          }),
        ],
      });
    },
  };
}

/**
 * The first argument or input field of the operation holding a control character, as a path without
 * the usual `input.` wrapper (`promoCode`, `registerUser.profile.givenName`, `checkoutNotes[0].value`),
 * or null. Values GraphQL cannot coerce are left to execution, which refuses them with its own error.
 */
function fieldWithControlCharacters(
  schema: GraphQLSchema,
  document: DocumentNode,
  rawVariables: Record<string, unknown>,
  operationName?: string | null,
): string | null {
  const operation = getOperationAST(document, operationName);
  if (!operation) return null;
  const variables = getVariableValues(schema, operation.variableDefinitions ?? [], rawVariables, {
    maxErrors: 1,
  });
  if (!variables.coerced) return null;
  const typeInfo = new TypeInfo(schema);
  let found: string | null = null;
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      OperationDefinition: (node) => (node === operation ? undefined : false),
      Field: (node) => {
        const fieldDef = typeInfo.getFieldDef();
        const parent = typeInfo.getParentType();
        if (!fieldDef || !parent || !node.arguments?.length) return;
        let values: Record<string, unknown>;
        try {
          values = getArgumentValues(fieldDef, node, variables.coerced);
        } catch {
          return;
        }
        for (const arg of fieldDef.args) {
          const coordinate = `${parent.name}.${fieldDef.name}(${arg.name}:)`;
          const path = arg.name === 'input' ? '' : arg.name;
          found = findIn(values[arg.name], arg.type, coordinate, path);
          if (found !== null) return BREAK;
        }
      },
    }),
  );
  return found;
}

function findIn(value: unknown, type: GraphQLInputType, coordinate: string, path: string): string | null {
  if (value === null || value === undefined) return null;
  if (isNonNullType(type)) return findIn(value, type.ofType, coordinate, path);
  if (isListType(type)) {
    if (!Array.isArray(value)) return findIn(value, type.ofType, coordinate, path);
    for (const [index, item] of value.entries()) {
      const found = findIn(item, type.ofType, coordinate, `${path}[${index}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (isInputObjectType(type)) {
    const object = value as Record<string, unknown>;
    for (const field of Object.values(type.getFields())) {
      const found = findIn(
        object[field.name],
        field.type,
        `${type.name}.${field.name}`,
        path ? `${path}.${field.name}` : field.name,
      );
      if (found !== null) return found;
    }
    return null;
  }
  // Scalars (String, ID, and any other whose value is text) and enums, whose values are names.
  if (typeof value !== 'string') return null;
  return hasControlCharacters(value, multiLineFields.has(coordinate)) ? path || 'input' : null;
}
