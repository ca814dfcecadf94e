import { describe, expect, it } from 'vitest';
import { unmarkedSelects } from './prerender-checks';

describe('selects in a page rendered ahead of time', () => {
  it('names a select whose starting option is not marked', () => {
    const html =
      '<form><select id="capacity" name="capacity"><option value="low">Low</option>' +
      '<option value="medium">Medium</option></select></form>';
    expect(unmarkedSelects(html)).toEqual(['capacity']);
  });

  it('passes a select that marks its starting option, in the forms React writes', () => {
    const html =
      '<select id="a"><option value="low">Low</option><option value="medium" selected="">Medium</option></select>' +
      '<select name="b"><option selected value="x">X</option></select>';
    expect(unmarkedSelects(html)).toEqual([]);
  });

  it('does not take an option whose text says "selected" for a marked one', () => {
    const html =
      '<select id="c"><option value="s" data-selected-x="1">selected items</option></select>';
    expect(unmarkedSelects(html)).toEqual(['c']);
  });
});
