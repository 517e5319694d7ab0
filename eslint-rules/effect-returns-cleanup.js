// An effect returns nothing or its cleanup function (eslint-rules/README.md, "An effect returns only its cleanup"):
// React calls whatever an effect callback (useEffect, useLayoutEffect, useInsertionEffect) returns as the cleanup,
// when the effect runs again and when the component leaves the page. `() => panel.current?.scrollIntoView()` returns
// scrollIntoView's value: undefined in one browser, a Promise in the next, and then React's call of it throws
// ("TypeError: l is not a function") and the whole page blanks. This rule refuses, in an effect callback,
//   - an arrow whose expression body is not a function (write a block body: `() => { x(); }`);
//   - `return expr` whose value is not a function (`return;` and `return () => …` are fine).
// With the TypeScript program (the renderer's files are linted with it, eslint.config.js), a value is a function when
// its type is: every part of it callable, or undefined (`return cond ? stop : undefined`). `void`, `any`, a Promise
// or an object are not. Without the program, only a function written in place passes.
import ts from 'typescript';

const EFFECTS = new Set(['useEffect', 'useLayoutEffect', 'useInsertionEffect']);

function hookName(callee) {
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier') return callee.property.name;
  return undefined;
}

const isFunctionLiteral = (node) => node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression';

/** Whether every part of this type is a function or undefined. */
function isCleanupType(type) {
  const parts = type.isUnion() ? type.types : [type];
  return parts.every((part) => {
    if (part.flags & ts.TypeFlags.Undefined) return true;
    if (part.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.Void | ts.TypeFlags.Never)) return false;
    return part.getCallSignatures().length > 0;
  });
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'An effect callback returns nothing, or a cleanup function: React calls whatever it returns.' },
    schema: [],
    messages: {
      expressionBody:
        'This effect returns the value of `{{text}}`, and React calls what an effect returns as its cleanup: a value that is not a function blanks the page when the effect ends. Write a block body: `() => { … }`.',
      returnValue:
        'This effect returns `{{text}}`, which is not a function, and React calls what an effect returns as its cleanup. Return nothing, or a function that cleans up.',
    },
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    const checker = services?.program ? services.program.getTypeChecker() : undefined;
    const sourceText = (node) => {
      const text = context.sourceCode.getText(node).replace(/\s+/g, ' ');
      return text.length > 60 ? `${text.slice(0, 57)}…` : text;
    };

    /** Whether the value of this expression is known to be a cleanup function. */
    function isCleanup(node) {
      if (isFunctionLiteral(node) || (node.type === 'Identifier' && node.name === 'undefined')) return true;
      if (!checker) return false;
      const tsNode = services.esTreeNodeToTSNodeMap.get(node);
      return isCleanupType(checker.getTypeAtLocation(tsNode));
    }

    /** The effect callbacks being walked, innermost last; null for any other function. */
    const functions = [];

    function isEffectCallback(node) {
      const parent = node.parent;
      return parent?.type === 'CallExpression' && parent.arguments[0] === node && EFFECTS.has(hookName(parent.callee) ?? '');
    }

    function enter(node) {
      const effect = isEffectCallback(node);
      functions.push(effect);
      if (effect && node.type === 'ArrowFunctionExpression' && node.expression && !isCleanup(node.body)) {
        context.report({ node: node.body, messageId: 'expressionBody', data: { text: sourceText(node.body) } });
      }
    }
    const leave = () => void functions.pop();

    return {
      ArrowFunctionExpression: enter,
      'ArrowFunctionExpression:exit': leave,
      FunctionExpression: enter,
      'FunctionExpression:exit': leave,
      FunctionDeclaration: enter,
      'FunctionDeclaration:exit': leave,
      ReturnStatement(node) {
        if (!functions.at(-1) || !node.argument || isCleanup(node.argument)) return;
        context.report({ node: node.argument, messageId: 'returnValue', data: { text: sourceText(node.argument) } });
      },
    };
  },
};
