/**
 * Finds an app's API calls in its source, for the check that each exists in the API document
 * (api-calls.ts): every `apiRequest(path, schema, options)` call (shared-ui/src/state/api-client.ts,
 * re-exported by each app's lib/api-client.ts), with the method it sends (`options.method`, GET
 * when absent) and the path template it requests, worked out with the TypeScript compiler API:
 * - a string or template literal is read as written; a template's expression is a dynamic part
 *   (`{}`, one path segment) unless its type is a union of string literals (`action: 'ship' |
 *   'cancel'`, a generic's constraint too): then each value is a path of its own, each checked;
 * - an identifier bound by `const` (in the file or imported from one of ours) is followed to its
 *   initializer, a call to a function of ours whose body is one expression
 *   (`const path = (id, rest) => \`/api/orders/${id}/${rest}\``) is expanded with its arguments,
 *   `a + b` and `cond ? a : b` are followed on both sides;
 * - a query string written into the path (`/api/orders?${query}`) is cut off.
 * What cannot be worked out (a path passed in from elsewhere, a method from a `string`) is
 * reported as unresolved, with the reason, rather than guessed.
 *
 * Only our own modules are read (relative imports and `@prata/*`; no lib but ES2023): the types
 * that matter here are ours, and the whole graph (React, zod, ...) took ~15 s an app to load.
 * Test-only: runs in Node, never bundled.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One `apiRequest(...)` call. */
export interface ApiCall {
  /** The file, as given (absolute for a source directory). */
  file: string;
  /** 1-based line of the call. */
  line: number;
  /** The call's source on one line, shortened (`apiRequest('/api/orders', orderSchema, { method: 'POST', ... })`). */
  text: string;
  /** The first argument's source (how an unresolved call is named in a test's list). */
  pathText: string;
  /** The methods it may send, upper case. */
  methods: string[];
  /** The path templates it may request: `/api/orders/{}` (`{}` one dynamic segment, or part of one), query string cut off. */
  paths: string[];
  /** Why its path or method cannot be worked out (then `paths` or `methods` is empty). */
  unresolved?: string;
}

/** A dynamic part in a worked-out string (never in a literal of ours). */
const DYNAMIC = '\u0000';
/** Most paths one call may expand to (unions multiply). */
const MAX_ALTERNATIVES = 256;
const CALLEE = 'apiRequest';

type Values = { values: string[] } | { unresolved: string };
/** Parameters of an expanded function, bound to the call's arguments (each resolved where it was written). */
type Bindings = Map<ts.Symbol, { expression: ts.Expression; bindings: Bindings }>;

const COMPILER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
  strict: true,
  allowImportingTsExtensions: true,
  noEmit: true,
  lib: ['lib.es2023.d.ts'],
  types: [],
};

const shortText = (node: ts.Node, max = 160) => {
  const text = node.getText().replace(/\s+/g, ' ');
  return text.length > max ? `${text.slice(0, max)}…` : text;
};

/** `expression` without parentheses, `as`, `satisfies` and `!` around it. */
function unwrap(expression: ts.Expression): ts.Expression {
  let node = expression;
  while (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isNonNullExpression(node) || ts.isTypeAssertionExpression(node)) node = node.expression;
  return node;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** A program over `roots`, resolving only our modules; `files` (path -> text) are served from memory. */
function createProgram(roots: string[], files: Map<string, string>): ts.Program {
  const host = ts.createCompilerHost(COMPILER_OPTIONS, true);
  const { fileExists, readFile } = host;
  host.fileExists = (file) => files.has(file) || fileExists.call(host, file);
  host.readFile = (file) => files.get(file) ?? readFile.call(host, file);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language, ...rest) => (files.has(file) ? ts.createSourceFile(file, files.get(file)!, language, true) : getSourceFile(file, language, ...rest));
  host.resolveModuleNameLiterals = (literals, containingFile, _redirect, options) =>
    literals.map((literal) =>
      literal.text.startsWith('.') || literal.text.startsWith('@prata/') ? ts.resolveModuleName(literal.text, containingFile, options, host) : { resolvedModule: undefined },
    );
  return ts.createProgram({ rootNames: roots, options: COMPILER_OPTIONS, host });
}

/** Every combination of one value from each list, joined (`[['a', 'b'], ['1']]` -> `['a1', 'b1']`). */
function product(lists: string[][]): Values {
  let out = [''];
  for (const list of lists) {
    out = out.flatMap((prefix) => list.map((value) => prefix + value));
    if (out.length > MAX_ALTERNATIVES) return { unresolved: `more than ${MAX_ALTERNATIVES} possible paths` };
  }
  return { values: out };
}

function union(all: Values[]): Values {
  const unresolved = all.find((entry) => 'unresolved' in entry);
  return unresolved ?? { values: [...new Set(all.flatMap((entry) => ('values' in entry ? entry.values : [])))] };
}

class Resolver {
  private readonly checker: ts.TypeChecker;

  constructor(checker: ts.TypeChecker) {
    this.checker = checker;
  }

  /** The literal values of `type` (a generic's constraint), if it is a union of string or number literals; `undefined` members are left out when `optional`. */
  typeValues(type: ts.Type, optional = false): string[] | undefined {
    const base = this.checker.getBaseConstraintOfType(type) ?? type;
    const members = (base.isUnion() ? base.types : [base]).filter((member) => !(optional && member.flags & ts.TypeFlags.Undefined));
    const values = members.map((member) => (member.isStringLiteral() || member.isNumberLiteral() ? String(member.value) : undefined));
    return values.length > 0 && values.every((value) => value !== undefined) ? (values as string[]) : undefined;
  }

  /** The declaration a name is bound to (through an import of ours). */
  private declaration(identifier: ts.Identifier): ts.Declaration | undefined {
    let symbol = this.checker.getSymbolAtLocation(identifier);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    return symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  }

  private constInitializer(identifier: ts.Identifier): ts.Expression | undefined {
    const declaration = this.declaration(identifier);
    if (!declaration || !ts.isVariableDeclaration(declaration) || !(ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const)) return undefined;
    return declaration.initializer;
  }

  /** The one expression a function of ours returns (arrow body or `{ return x; }`), with its parameters. */
  private functionBody(callee: ts.Expression): { parameters: readonly ts.ParameterDeclaration[]; body: ts.Expression } | undefined {
    if (!ts.isIdentifier(callee)) return undefined;
    const declaration = this.declaration(callee);
    const fn = declaration && ts.isVariableDeclaration(declaration) ? declaration.initializer : declaration;
    if (!fn || !(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn) || ts.isFunctionDeclaration(fn)) || !fn.body) return undefined;
    if (!ts.isBlock(fn.body)) return { parameters: fn.parameters, body: fn.body };
    const [only] = fn.body.statements;
    return fn.body.statements.length === 1 && only && ts.isReturnStatement(only) && only.expression ? { parameters: fn.parameters, body: only.expression } : undefined;
  }

  /** The strings `expression` may be; with `embedded` (inside a template or `+`), what it cannot tell is a dynamic part. */
  strings(expression: ts.Expression, bindings: Bindings, embedded = false): Values {
    const node = unwrap(expression);
    if (ts.isStringLiteralLike(node)) return { values: [node.text] };
    if (ts.isTemplateExpression(node)) {
      const parts: Values[] = [{ values: [node.head.text] }];
      for (const span of node.templateSpans) parts.push(this.strings(span.expression, bindings, true), { values: [span.literal.text] });
      const unresolved = parts.find((part) => 'unresolved' in part);
      return unresolved ?? product(parts.map((part) => ('values' in part ? part.values : [])));
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const [left, right] = [this.strings(node.left, bindings, true), this.strings(node.right, bindings, true)];
      if ('unresolved' in left) return left;
      if ('unresolved' in right) return right;
      return product([left.values, right.values]);
    }
    if (ts.isConditionalExpression(node)) return union([this.strings(node.whenTrue, bindings, embedded), this.strings(node.whenFalse, bindings, embedded)]);
    const followed = this.follow(node, bindings, embedded);
    if (followed) return followed;
    const values = this.typeValues(this.checker.getTypeAtLocation(node));
    if (values) return { values };
    return embedded ? { values: [DYNAMIC] } : { unresolved: `\`${shortText(node, 60)}\` is not a string literal, a template or a const bound to one` };
  }

  /** A name bound to an argument or a const, or a call to a one-expression function: what it stands for. */
  private follow(node: ts.Expression, bindings: Bindings, embedded: boolean): Values | undefined {
    if (ts.isIdentifier(node)) {
      const symbol = this.checker.getSymbolAtLocation(node);
      const bound = symbol && bindings.get(symbol);
      if (bound) return this.strings(bound.expression, bound.bindings, embedded);
      const initializer = this.constInitializer(node);
      return initializer ? this.strings(initializer, new Map(), embedded) : undefined;
    }
    if (!ts.isCallExpression(node)) return undefined;
    const fn = this.functionBody(node.expression);
    if (!fn) return undefined;
    const inner: Bindings = new Map();
    fn.parameters.forEach((parameter, index) => {
      const symbol = ts.isIdentifier(parameter.name) ? this.checker.getSymbolAtLocation(parameter.name) : undefined;
      const argument = node.arguments[index] ?? parameter.initializer;
      if (symbol && argument) inner.set(symbol, { expression: argument, bindings });
    });
    return this.strings(fn.body, inner, embedded);
  }

  /** The methods an options argument may set, `current` where it sets none. */
  methods(expression: ts.Expression | undefined, bindings: Bindings, current: string[]): Values {
    if (!expression) return { values: current };
    const node = unwrap(expression);
    if (ts.isObjectLiteralExpression(node)) {
      let methods: Values = { values: current };
      for (const property of node.properties) {
        if ('unresolved' in methods) return methods;
        if (ts.isSpreadAssignment(property)) methods = this.methods(property.expression, bindings, methods.values);
        else if ((ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property)) && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) && property.name.text === 'method') {
          methods = this.strings(ts.isPropertyAssignment(property) ? property.initializer : property.name, bindings);
        }
      }
      return methods;
    }
    if (ts.isConditionalExpression(node)) return union([this.methods(node.whenTrue, bindings, current), this.methods(node.whenFalse, bindings, current)]);
    if (ts.isIdentifier(node)) {
      const symbol = this.checker.getSymbolAtLocation(node);
      const bound = symbol && bindings.get(symbol);
      if (bound) return this.methods(bound.expression, bound.bindings, current);
      const initializer = this.constInitializer(node);
      if (initializer) return this.methods(initializer, new Map(), current);
    }
    // Anything else: its type says whether it has a `method` and which.
    const property = this.checker.getTypeAtLocation(node).getProperty('method');
    if (!property) return { values: current };
    const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
    const values = this.typeValues(this.checker.getTypeOfSymbol(property), optional);
    if (!values) return { unresolved: `the method of \`${shortText(node, 60)}\` is not a literal` };
    return { values: optional ? [...new Set([...current, ...values])] : values };
  }
}

function isApiRequest(checker: ts.TypeChecker, callee: ts.Expression): boolean {
  if (!ts.isIdentifier(callee)) return false;
  const declaration = checker.getSymbolAtLocation(callee)?.declarations?.[0];
  if (declaration && ts.isImportSpecifier(declaration)) return (declaration.propertyName ?? declaration.name).text === CALLEE;
  return callee.text === CALLEE;
}

/** The path templates of worked-out paths: query string cut off, each dynamic part `{}`. */
function templates(paths: string[]): string[] {
  return [...new Set(paths.map((value) => value.split(/[?#]/)[0]!.replaceAll(DYNAMIC, '{}')))];
}

function callsIn(sourceFile: ts.SourceFile, checker: ts.TypeChecker, fileName: string): ApiCall[] {
  const resolver = new Resolver(checker);
  const calls: ApiCall[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && isApiRequest(checker, node.expression) && node.arguments[0]) {
      const [pathArgument, , options] = node.arguments;
      const paths = resolver.strings(pathArgument, new Map());
      const methods = resolver.methods(options, new Map(), ['GET']);
      const offRoot = 'values' in paths ? paths.values.find((value) => !value.startsWith('/')) : undefined;
      const unresolved =
        'unresolved' in paths ? paths.unresolved : offRoot !== undefined ? `the path does not start with a literal \`/\` (${offRoot.replaceAll(DYNAMIC, '{}')})` : 'unresolved' in methods ? methods.unresolved : undefined;
      calls.push({
        file: fileName,
        line: sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1,
        text: shortText(node),
        pathText: shortText(pathArgument, 200),
        methods: 'values' in methods ? methods.values.map((method) => method.toUpperCase()) : [],
        paths: 'values' in paths && offRoot === undefined ? templates(paths.values) : [],
        ...(unresolved ? { unresolved } : {}),
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return calls;
}

/**
 * The `apiRequest` calls of the `.ts`/`.tsx` files under `srcDir` (tests left out), or of
 * in-memory `files` (absolute path -> source), in file order.
 */
export function findApiCalls(source: { srcDir: string } | { files: Record<string, string> }): ApiCall[] {
  const files = new Map('files' in source ? Object.entries(source.files) : []);
  const candidates = 'srcDir' in source ? sourceFiles(path.resolve(source.srcDir)) : [...files.keys()];
  const roots = candidates.filter((file) => (files.get(file) ?? readFileSync(file, 'utf8')).includes(CALLEE)).sort();
  const program = createProgram(roots, files);
  const checker = program.getTypeChecker();
  return roots.flatMap((file) => callsIn(program.getSourceFile(file)!, checker, file));
}
