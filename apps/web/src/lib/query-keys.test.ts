import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { adminKeys } from '../features/admin/api/query-keys';
import { statsKeys } from '../features/analytics/api/query-keys';
import { donationKeys } from '../features/donations/api/query-keys';
import { publicImpactKeys } from '../features/impact/api/query-keys';
import { notificationKeys } from '../features/notifications/api/query-keys';
import { requestKeys } from '../features/requests/api/query-keys';
import { sessionKeys, userKeys } from './query-keys';

const SRC = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path) ? [path] : [];
  });
}

/** Every `queryKey:` written as an array literal instead of through a key factory. */
export function findHandWrittenKeys(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isPropertyAssignment(node) &&
      node.name.getText(source) === 'queryKey' &&
      ts.isArrayLiteralExpression(node.initializer)
    ) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${fileName}:${line + 1}: ${node.initializer.getText(source)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('query keys', () => {
  it('are never written by hand outside the query-keys modules', () => {
    const found = sourceFiles(SRC)
      .filter((path) => !path.endsWith('query-keys.ts'))
      .flatMap((path) => findHandWrittenKeys(relative(SRC, path), readFileSync(path, 'utf8')));
    expect(found).toEqual([]);
  });

  it('finds a hand-written key when there is one', () => {
    const text = "useQuery({ queryKey: ['requests', 'incoming'], queryFn });";
    expect(findHandWrittenKeys('x.ts', text)).toHaveLength(1);
    expect(findHandWrittenKeys('x.ts', 'useQuery({ queryKey: requestKeys.incoming() });')).toEqual(
      [],
    );
  });

  it('give every feature its own root, so no two features share a cache entry', () => {
    const roots = [
      adminKeys,
      statsKeys,
      donationKeys,
      publicImpactKeys,
      notificationKeys,
      requestKeys,
      sessionKeys,
      userKeys,
    ].map((keys) => keys.all[0]);
    expect(new Set(roots).size).toBe(roots.length);
  });
});
