import { describe, expect, it } from 'vitest';
import type { ContentTable, TDocumentDefinitions } from 'pdfmake/interfaces';
import en from '../../../../public/locales/en/translation.json';
import hi from '../../../../public/locales/hi/translation.json';
import { createStaticI18n } from '../../../lib/i18n';
import { makeDonation } from '../../../testing/fixtures';
import { labelContent } from './label-content';
import { MIN_LABEL_SCALE, dietMarkShapes, fitLabel, labelDocument } from './label-document';

const i18n = createStaticI18n({ en: { translation: en }, hi: { translation: hi } });
const content = (overrides: Parameters<typeof makeDonation>[0] = {}) =>
  labelContent(makeDonation(overrides), {
    language: 'hi',
    t: i18n.getFixedT('hi'),
    english: i18n.getFixedT('en'),
    donorFssai: null,
    origin: 'https://annasetu.example.in',
    now: Date.parse('2026-11-28T10:00:00.000Z'),
  });

/** The table of label cells a document lays out (one row per label row). */
const cells = (doc: TDocumentDefinitions) => (doc.content as ContentTable[])[0]!.table.body;

describe('dietMarkShapes', () => {
  it('draws the veg mark as a green square with a green dot', () => {
    const [square, dot] = dietMarkShapes('veg', 24);
    expect(square).toMatchObject({ type: 'rect', w: expect.any(Number), lineColor: '#0b8a3a' });
    expect(dot).toMatchObject({ type: 'ellipse', x: 12, y: 12, color: '#0b8a3a' });
  });

  it('draws the non-veg mark as a brown square with a brown triangle', () => {
    const shapes = dietMarkShapes('nonveg', 24);
    expect(shapes[0]).toMatchObject({ type: 'rect', lineColor: '#7a3b12' });
    expect(shapes[1]).toMatchObject({ type: 'polyline', closePath: true, color: '#7a3b12' });
    expect((shapes[1] as { points: unknown[] }).points).toHaveLength(3);
    expect(shapes.some((s) => s.type === 'ellipse')).toBe(false);
  });
});

describe('labelDocument', () => {
  it('lays one label on an A6 page', () => {
    const doc = labelDocument(content(), 'a6');
    expect(doc.pageSize).toEqual({ width: 297.64, height: 419.53 });
    expect(cells(doc)).toHaveLength(1);
    expect(cells(doc)[0]).toHaveLength(1);
    expect(doc.defaultStyle?.font).toBe('devanagari');
  });

  it('lays four copies on an A4 page', () => {
    const doc = labelDocument(content(), 'a4x4');
    expect(doc.pageSize).toEqual({ width: 595.28, height: 841.89 });
    expect(cells(doc).map((row) => row.length)).toEqual([2, 2]);
    const json = JSON.stringify(doc.content);
    const codes = json.split('"qr":"https://annasetu.example.in/donations/').length - 1;
    expect(codes).toBe(4);
  });

  it('prints "Food for Disposal" only for food not fit for people', () => {
    expect(JSON.stringify(labelDocument(content(), 'a6').content)).not.toContain(
      'Food for Disposal',
    );
    const unfit = JSON.stringify(labelDocument(content({ status: 'rejected' }), 'a6').content);
    expect(unfit).toContain('Food for Disposal');
    expect(unfit).toContain('निपटान के लिए भोजन');
  });

  it('keeps the code at full size when the text is made smaller', () => {
    const fits = (scale: number) =>
      [
        ...JSON.stringify(labelDocument(content(), 'a6', scale).content).matchAll(/"fit":(\d+)/g),
      ].map((m) => Number(m[1]));
    expect(fits(1)).toEqual([92]);
    expect(fits(MIN_LABEL_SCALE)).toEqual([92]);
  });

  it('tells how many pages the layout took', () => {
    const seen: number[] = [];
    const doc = labelDocument(content(), 'a6', 1, (pages) => seen.push(pages));
    (doc.footer as (current: number, pages: number) => unknown)(1, 2);
    expect(seen).toEqual([2]);
  });
});

describe('fitLabel', () => {
  /** A layout that takes two pages above `limit`. */
  const renderer = (limit: number) => {
    const tried: number[] = [];
    const render = async (scale: number) => {
      tried.push(scale);
      return { pages: scale > limit ? 2 : 1, file: `pdf@${scale}` };
    };
    return { tried, render };
  };

  it('keeps the normal size when the label fits', async () => {
    const { tried, render } = renderer(1);
    expect(await fitLabel(render)).toEqual({ scale: 1, file: 'pdf@1' });
    expect(tried).toEqual([1]);
  });

  it('finds a size that fits, close below the largest that would', async () => {
    const { render } = renderer(0.83);
    const { scale, file } = await fitLabel(render);
    expect(scale).toBeLessThanOrEqual(0.83);
    expect(scale).toBeGreaterThan(0.75);
    expect(file).toBe(`pdf@${scale}`);
  });

  it('falls back to the smallest size when nothing fits', async () => {
    const { render } = renderer(0.1);
    expect(await fitLabel(render)).toEqual({
      scale: MIN_LABEL_SCALE,
      file: `pdf@${MIN_LABEL_SCALE}`,
    });
  });
});
