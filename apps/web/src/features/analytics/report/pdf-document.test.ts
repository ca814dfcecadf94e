import { describe, expect, it } from 'vitest';
import { fontsUsed, scriptForLanguage } from '../../../lib/pdf/script-runs';
import { reportDocument } from './pdf-document';
import { reportTexts, type ReportData } from './report-data';

function data(language: string, title: string): ReportData {
  return {
    language,
    fileName: 'r.pdf',
    title,
    subtitle: 'Asha · Restaurant',
    rangeLine: 'Last 30 days',
    generatedLine: 'Generated',
    headings: {
      figures: 'F',
      impact: 'I',
      progress: 'P',
      badges: 'B',
      platform: 'PL',
      trends: 'T',
      activity: 'A',
    },
    figures: [{ label: 'CO2', value: '13 kg' }],
    platform: [{ label: 'Members', value: '4' }],
    impactLines: ['Saved'],
    bars: [{ label: 'Next', valueText: '13 of 25', progress: 0.52 }],
    badges: [{ name: 'Getting Started', rule: '1', state: 'Earned', earned: true }],
    trends: {
      summary: 's',
      legend: { donations: 'D', completed: 'C' },
      labels: ['1 Nov', '2 Nov', '3 Nov'],
      donations: [1, 0, 2],
      completed: [1, 0, 1],
      cuisinesLine: 'Top',
    },
    activity: { headers: ['a', 'b', 'c'], rows: [['x', 'y', 'z']], empty: 'none' },
    footer: (page, pages) => `${page}/${pages}`,
  };
}

describe('PDF report document', () => {
  it('is A4 landscape with two pages of content and a page footer', () => {
    const doc = reportDocument(data('en', 'Impact report'));
    expect(doc.pageSize).toBe('A4');
    expect(doc.pageOrientation).toBe('landscape');
    expect(JSON.stringify(doc.content)).toContain('"pageBreak":"before"');
    expect(typeof doc.footer).toBe('function');
  });

  it('puts more than six figures on two rows so long words stay on the page', () => {
    const eight = Array.from({ length: 8 }, (_, i) => ({ label: `நன்கொடையாளர்கள் ${i}`, value: '1' }));
    const doc = reportDocument({ ...data('ta', 'அறிக்கை'), platform: eight });
    const tables = JSON.stringify(doc.content);
    const platform = (doc.content as { table?: { body: unknown[][] } }[])
      .map((c) => c.table)
      .filter((t) => t && t.body.some((row) => JSON.stringify(row).includes('நன்கொடையாளர்கள் 7')));
    expect(tables).toContain('நன்கொடையாளர்கள் 7');
    expect(platform).toHaveLength(1);
    expect(platform[0]!.body.map((row) => row.length)).toEqual([4, 4]);
    // Five or six figures stay on one row.
    const personal = reportDocument(data('ta', 'அறிக்கை')).content as {
      table?: { body: unknown[][] };
    }[];
    expect(personal.find((c) => c.table)?.table?.body).toHaveLength(1);
  });

  it("writes in the language's font by default", () => {
    expect(reportDocument(data('hi', 'प्रभाव रिपोर्ट')).defaultStyle?.font).toBe('devanagari');
    expect(scriptForLanguage('kn')).toBe('kannada');
    expect(scriptForLanguage('pa')).toBe('gurmukhi');
    expect(scriptForLanguage('en')).toBe('latin');
    expect(scriptForLanguage('ta')).toBe('tamil');
    expect(reportDocument(data('mr', 'प्रभाव अहवाल')).defaultStyle?.font).toBe('devanagari');
  });

  it('sets a Tamil report in the Tamil font alone', () => {
    expect([...fontsUsed(reportTexts(data('ta', 'தாக்க அறிக்கை')), 'ta')]).toEqual(['tamil']);
  });

  it('loads only the fonts the text needs', () => {
    expect([...fontsUsed(reportTexts(data('hi', 'प्रभाव')), 'hi')]).toEqual(['devanagari']);
    expect([...fontsUsed(reportTexts(data('en', 'Report')), 'en')]).toEqual(['latin']);
  });
});
