import type { Locator } from 'playwright-core';

// Roles a person operates; each should be announced once, under its own name.
const CONTROL = /^\s*- (button|textbox|combobox|checkbox|radio|link|slider|spinbutton) "([^"]+)"/;

/** Accessible names that more than one control inside `scope` carries. */
export async function duplicateNames(scope: Locator): Promise<string[]> {
  const snapshot = await scope.ariaSnapshot();
  const seen = new Map<string, number>();
  for (const line of snapshot.split('\n')) {
    const match = CONTROL.exec(line);
    if (match) seen.set(match[2]!, (seen.get(match[2]!) ?? 0) + 1);
  }
  return [...seen].filter(([, count]) => count > 1).map(([name]) => name);
}
