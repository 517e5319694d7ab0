// SQL only in a store (eslint-rules/README.md, docs/architecture.md): the station's queries live in src-main/store,
// the sandbox's in src-sandbox/store. Anywhere else in src-main and src-sandbox, this rule refuses
//   - a string or template literal that reads as an SQL statement (SELECT ... FROM, INSERT INTO, UPDATE ... SET,
//     DELETE FROM, CREATE/ALTER/DROP TABLE or INDEX, PRAGMA), written in capitals as every query of the tree is;
//   - compiling or running SQL: `x.prepare(...)`, `x.pragma(...)`, and the stores' `statement(db, sql)`.
// A transaction (`db.transaction(fn)`) is allowed: a route or a change may group its repository calls into one.
// Unit tests (`*.test.ts`) may read and write a database directly to set up or check a case.
import path from 'node:path';

/** The programs the rule watches; each one's SQL lives in its own `<program>/store`. */
const PROGRAMS = ['src-main', 'src-sandbox'];

const SQL = [
  /\bSELECT\b[\s\S]*\bFROM\b/,
  /^\s*SELECT\s+\d/,
  /\bINSERT\s+(?:OR\s+[A-Z]+\s+)?INTO\b/,
  /\bUPDATE\s+\w+\s+SET\b/,
  /\bDELETE\s+FROM\b/,
  /\b(?:CREATE|DROP)\s+(?:UNIQUE\s+)?(?:TABLE|INDEX|VIEW|TRIGGER)\b/,
  /\bALTER\s+TABLE\b/,
  /^\s*PRAGMA\s+\w+/,
];

const toPosix = (relPath) => relPath.split(path.sep).join('/');
const under = (p, folder) => p === folder || p.startsWith(`${folder}/`);

/** Whether this text reads as SQL. */
export function looksLikeSql(text) {
  return SQL.some((pattern) => pattern.test(text));
}

/** The store a file outside every store must leave its SQL to, or undefined when the file is free to hold SQL (or not watched). */
export function storeFor(relPath) {
  const p = toPosix(relPath);
  if (/\.test\.tsx?$/.test(p)) return undefined;
  const program = PROGRAMS.find((top) => under(p, top));
  if (!program) return undefined;
  const store = `${program}/store`;
  return under(p, store) ? undefined : store;
}

const CALLS = new Set(['prepare', 'pragma']);

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Keep SQL in the store of the station (src-main/store) and of the sandbox (src-sandbox/store).' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
  },
  create(context) {
    const root = context.options[0]?.root ?? context.cwd;
    const store = storeFor(path.relative(root, context.filename));
    if (!store) return {};
    const where = `SQL belongs in ${store}: add a named function to its repository and call that.`;

    function text(node, value) {
      if (typeof value === 'string' && looksLikeSql(value)) context.report({ node, message: `An SQL statement outside the store. ${where}` });
    }

    return {
      Literal: (node) => text(node, node.value),
      TemplateLiteral: (node) => text(node, node.quasis.map((q) => q.value.cooked ?? q.value.raw).join(' ? ')),
      CallExpression: (node) => {
        const callee = node.callee;
        if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' && CALLS.has(callee.property.name)) {
          context.report({ node, message: `\`.${callee.property.name}()\` compiles or runs SQL outside the store. ${where}` });
        } else if (callee.type === 'Identifier' && callee.name === 'statement') {
          context.report({ node, message: `\`statement()\` runs SQL outside the store. ${where}` });
        }
      },
    };
  },
};
