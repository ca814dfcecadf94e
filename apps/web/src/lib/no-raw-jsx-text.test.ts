import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');
const LETTER = /\p{L}/u;
// Attributes a person reads or hears: they must come from t(), never a literal.
const TEXT_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : sourceFiles(path);
    return path.endsWith('.tsx') && !path.endsWith('.test.tsx') ? [path] : [];
  });
}

/** Every piece of user-visible text written straight into JSX, with its file and line. */
export function findRawJsxText(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: string[] = [];
  const report = (node: ts.Node, value: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${fileName}:${line + 1}: ${JSON.stringify(value.trim())}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && LETTER.test(node.text)) report(node, node.text);
    if (
      ts.isJsxExpression(node) &&
      node.expression &&
      (ts.isStringLiteral(node.expression) ||
        ts.isNoSubstitutionTemplateLiteral(node.expression)) &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent)) &&
      LETTER.test(node.expression.text)
    ) {
      report(node, node.expression.text);
    }
    if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText(source))) {
      const init = node.initializer;
      const literal =
        init && ts.isStringLiteral(init)
          ? init
          : init &&
              ts.isJsxExpression(init) &&
              init.expression &&
              ts.isStringLiteral(init.expression)
            ? init.expression
            : undefined;
      if (literal && LETTER.test(literal.text)) report(node, literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no text bypasses translation', () => {
  it('finds raw text in a sample (the rule itself works)', () => {
    const sample = `const A = () => <p title="Hello">Hi {'there'} <b>{t('ok')}</b> {' · '}</p>;`;
    expect(findRawJsxText('sample.tsx', sample)).toHaveLength(3);
  });

  it('has no raw text literal in any component', () => {
    const problems = sourceFiles(SRC).flatMap((file) =>
      findRawJsxText(relative(SRC, file), readFileSync(file, 'utf8')),
    );
    expect(problems).toEqual([]);
  });
});
