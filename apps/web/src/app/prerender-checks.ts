/**
 * A select in a page rendered ahead of time must mark its starting option. Without the mark
 * the page shows the first option, not the form's default, and a visitor who picks that first
 * option before the app takes over has the choice read as untouched: the app then puts its
 * default in its place (react-hook-form keeps only what differs from the marked option).
 * Returns the id (or name) of each select without a marked option.
 */
export function unmarkedSelects(html: string): string[] {
  const unmarked: string[] = [];
  for (const match of html.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
    const [, attributes = '', options = ''] = match;
    if (/<option\b[^>]*\sselected(=""|\s|>)/.test(options)) continue;
    const named = /\b(?:id|name)="([^"]*)"/.exec(attributes);
    unmarked.push(named?.[1] ?? '(unnamed select)');
  }
  return unmarked;
}
