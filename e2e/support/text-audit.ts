import type { Page } from 'playwright-core';

/** What one screen shows wrong for a language: clipped text, Latin words, broken dates. */
export interface TextAudit {
  clipped: string[];
  latin: string[];
  badDates: string[];
}

export interface AuditOptions {
  /** Only inside this element (a dialog, the drawer); the whole page when absent. */
  within?: string;
  /** Look for Latin-script words (off for English). */
  latin: boolean;
  /** Latin words the product keeps in every script (CO2, PDF, brand names). */
  allowedWords: string[];
  /** What users typed (names, food, addresses): removed before looking for Latin words. */
  userData: string[];
}

/**
 * Audits the text on screen, in the page:
 * - clipped: a text whose glyph box reaches beyond an ancestor that hides overflow (line
 *   height too small for the script's marks, a clamped second line, a word wider than its
 *   button), a text cut with an ellipsis, or one word broken over two lines;
 * - latin: Latin-script words in text, labels, titles and placeholders outside the allow-list;
 * - badDates: dates from root-locale fallback patterns ("2026 M11 24").
 */
export function auditText(page: Page, options: AuditOptions): Promise<TextAudit> {
  return page.evaluate((opts) => {
    const root = opts.within ? document.querySelector(opts.within) : document.body;
    const result = { clipped: [] as string[], latin: [] as string[], badDates: [] as string[] };
    if (!root) return result;
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const cls = element.classList.length ? `.${[...element.classList].join('.')}` : '';
      return `${element.tagName.toLowerCase()}${id}${cls}`;
    };
    const hiddenForAll = (element: Element) =>
      !element.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true });
    const texts: string[] = [];
    const context = document.createElement('canvas').getContext('2d')!;

    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const raw = node.textContent ?? '';
      const text = raw.trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, noscript, template')) continue;
      if (hiddenForAll(parent)) continue;
      texts.push(text);
      // Visually hidden on purpose (screen-reader text): read, never seen, so never clipped.
      if (parent.closest('.sr-only, option, .leaflet-tile-container')) continue;
      // Visually hidden the other common way (1 px box, clipped): for screen readers only.
      const own = parent.getBoundingClientRect();
      if (own.width <= 1 || own.height <= 1) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      if (rects.length === 0) continue;
      const style = getComputedStyle(parent);
      // A range's boxes follow the first font's ascent and descent; vowel signs and conjuncts
      // of Indic scripts reach beyond them. The glyphs' own extent comes from canvas metrics.
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const ink = context.measureText(text);
      const firstBaseline = rects[0]!.top + ink.fontBoundingBoxAscent;
      const lastBaseline = rects[rects.length - 1]!.top + ink.fontBoundingBoxAscent;
      const box = {
        top: Math.min(...rects.map((r) => r.top), firstBaseline - ink.actualBoundingBoxAscent),
        bottom: Math.max(
          ...rects.map((r) => r.bottom),
          lastBaseline + ink.actualBoundingBoxDescent,
        ),
        left: Math.min(...rects.map((r) => r.left)),
        right: Math.max(...rects.map((r) => r.right)),
      };
      // A word over two lines: a label too long for its box, broken mid-word (நன்கொடை/கள்).
      // What people typed (names, e-mail addresses, links) may wrap however it must.
      const broken: string[] = [];
      for (const match of raw.matchAll(/\S+/g)) {
        const word = match[0];
        // A word holding a typed name ("6pm8-এর": a name and a case ending) is the name's.
        const typed = opts.userData.some(
          (d) => d.includes(word) || d.split(/\s+/).some((p) => p.length > 2 && word.includes(p)),
        );
        if (typed || /@|:\/\//.test(word)) continue;
        const part = document.createRange();
        part.setStart(node, match.index);
        part.setEnd(node, match.index + word.length);
        const tops = new Set(
          [...part.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
        );
        if (tops.size > 1) broken.push(word);
      }
      if (broken.length > 0) {
        result.clipped.push(`${describe(parent)} breaks "${broken.join('", "')}" in "${text}"`);
        continue;
      }
      if (style.textOverflow === 'ellipsis' && parent.scrollWidth > parent.clientWidth + 1) {
        result.clipped.push(`${describe(parent)} cuts "${text}" with an ellipsis`);
        continue;
      }
      for (let el: Element | null = parent; el && el !== document.documentElement;) {
        const cs = getComputedStyle(el);
        // A scroll container shows the rest on scrolling: not clipped, and its own box is
        // judged by the ancestors above it.
        const scrolls = (v: string) => v === 'auto' || v === 'scroll';
        const clips = (v: string) => v === 'hidden' || v === 'clip';
        const clipX = clips(cs.overflowX);
        const clipY = clips(cs.overflowY);
        if (clipX || clipY) {
          const r = el.getBoundingClientRect();
          const top = r.top + parseFloat(cs.borderTopWidth);
          const bottom = r.bottom - parseFloat(cs.borderBottomWidth);
          const left = r.left + parseFloat(cs.borderLeftWidth);
          const right = r.right - parseFloat(cs.borderRightWidth);
          const cutY = clipY && (box.top < top - 1 || box.bottom > bottom + 1);
          const cutX = clipX && (box.left < left - 1 || box.right > right + 1);
          if (cutY || cutX) {
            const how = cutY ? `${Math.round(box.bottom - box.top)}px tall` : 'too wide';
            result.clipped.push(`"${text}" (${how}) clipped by ${describe(el)}`);
            break;
          }
        }
        if (scrolls(cs.overflowX) || scrolls(cs.overflowY)) break;
        el = el.parentElement;
      }
    }

    for (const element of root.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
      if (hiddenForAll(element)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    }

    const allowed = new Set(opts.allowedWords.map((w) => w.toLowerCase()));
    for (const original of texts) {
      if (/\bM\d{1,2}\b/.test(original) || /(^|\s)-\d+\s?(s|min|h)\b/.test(original)) {
        result.badDates.push(original);
      }
      if (!opts.latin || opts.userData.includes(original.trim())) continue;
      let text = original;
      // Longest first, so a name is not cut into pieces by a shorter entry.
      const data = [...opts.userData]
        .filter((d) => d.length > 1)
        .sort((a, b) => b.length - a.length);
      for (const entry of data) text = text.split(entry).join(' ');
      // Addresses and links are data, not wording.
      text = text.replace(/\S+@\S+|https?:\/\/\S+/g, ' ');
      const words = text.match(/[A-Za-z][A-Za-z0-9]*/g) ?? [];
      const foreign = words.filter((w) => !allowed.has(w.toLowerCase()));
      if (foreign.length) result.latin.push(`${foreign.join(' ')} in "${original}"`);
    }
    result.latin = [...new Set(result.latin)];
    result.badDates = [...new Set(result.badDates)];
    return result;
  }, options);
}
