import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi } from '../support/api';
import { seriousViolations } from '../support/axe';
import { DESKTOP, PHONE, openPage, slowed } from '../support/browser';
import {
  chooseDeviceLanguage,
  expectNoHorizontalScroll,
  registerThroughUi,
} from '../support/flows';
import { baseUrl, browserSuite } from '../support/suite';

// Screenshots for people to look at: set CHAT_SCREENSHOTS=/some/folder to keep them.
const SHOTS = process.env.CHAT_SCREENSHOTS;

const NO_ROUTE =
  'The server has no chat route: POST /api/chat answered 404 (chatRoutes in apps/server/src/app.ts).';

interface Case {
  language: 'en' | 'te';
  labels: { select: string; input: string; send: string; log: string };
  greeting: RegExp;
  question: string;
  /** Letters the reply must contain: it answers in the chosen language. */
  script: RegExp;
}

const CASES: Case[] = [
  {
    language: 'en',
    labels: { select: 'Reply language', input: 'Your message', send: 'Send', log: 'Conversation' },
    greeting: /^Namaste! I am the AnnaSetu assistant/,
    question: 'How do I donate food?',
    script: /[A-Za-z]{4}/,
  },
  {
    language: 'te',
    labels: { select: 'సమాధానం భాష', input: 'మీ సందేశం', send: 'పంపండి', log: 'సంభాషణ' },
    greeting: /^నమస్కారం! నేను అన్నసేతు సహాయకుడిని/,
    question: 'ఆహారాన్ని ఎలా దానం చేయాలి?',
    script: /[\u0C00-\u0C7F]/u,
  },
];

/** True when the server answers the chat call (anything but "no such route"). */
async function chatRouteExists(page: Page): Promise<boolean> {
  const probe = await callApi<{ code?: string }>(page, 'POST', '/api/chat', {
    message: 'Hello',
    language: 'en',
  });
  return !(probe.status === 404 && probe.body?.code === 'NOT_FOUND');
}

async function openChat(page: Page, language: string) {
  await chooseDeviceLanguage(page, language);
  await page.goto('/chatbot');
  await page.getByRole('log').waitFor();
}

/** Asks through the message box and waits for the assistant's answer to that question. */
async function askAndWait(page: Page, c: Case): Promise<{ text: string; lang: string | null }> {
  const bot = page.getByTestId('chat-bot');
  const before = await bot.count();
  await page.getByLabel(c.labels.input).fill(c.question);
  await page.getByLabel(c.labels.input).press('Enter');
  await expect
    .poll(() => page.getByTestId('chat-user').last().locator('p').textContent())
    .toBe(c.question);
  await expect.poll(() => bot.count(), { timeout: slowed(15_000) }).toBe(before + 1);
  expect(await page.getByTestId('chat-typing').count()).toBe(0);
  const reply = bot.last().locator('p');
  return { text: (await reply.textContent()) ?? '', lang: await reply.getAttribute('lang') };
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(SHOTS, name) });
}

browserSuite('chat assistant', ({ browser }) => {
  for (const c of CASES) {
    it(`answers a question in ${c.language} on a desktop, keeps it for the session, and passes axe`, async () => {
      const { context, page } = await openPage(browser(), baseUrl, { viewport: DESKTOP });
      try {
        await registerThroughUi(page, 'restaurant');
        expect(await chatRouteExists(page), NO_ROUTE).toBe(true);
        await openChat(page, c.language);

        const log = page.getByRole('log', { name: c.labels.log });
        expect(await log.getAttribute('aria-live')).toBe('polite');
        expect(await page.getByLabel(c.labels.select).inputValue()).toBe(c.language);
        const greeting = page.getByTestId('chat-bot').first().locator('p');
        expect(await greeting.textContent()).toMatch(c.greeting);
        expect(await greeting.getAttribute('lang')).toBe(c.language);

        const reply = await askAndWait(page, c);
        expect(reply.text).not.toMatch(/^(Error|లోపం): /);
        expect(reply.text).toMatch(c.script);
        expect(reply.lang).toBe(c.language);

        expect(await seriousViolations(page)).toEqual([]);
        await shoot(page, `chat-${c.language}-desktop.png`);

        // Kept for the browser session: a reload shows the same conversation.
        await page.reload();
        await expect.poll(() => page.getByTestId('chat-user').count()).toBe(1);
        expect(await page.getByTestId('chat-bot').last().locator('p').textContent()).toBe(
          reply.text,
        );
      } finally {
        await context.close();
      }
    });

    it(`works at 360x640 in ${c.language}: no sideways scroll, box in reach, axe clean`, async () => {
      const { context, page } = await openPage(browser(), baseUrl, { viewport: PHONE });
      try {
        await registerThroughUi(page, 'volunteer');
        expect(await chatRouteExists(page), NO_ROUTE).toBe(true);
        await openChat(page, c.language);
        await askAndWait(page, c);
        await expectNoHorizontalScroll(page);

        // The newest line scrolled into view inside the conversation.
        await expect
          .poll(() =>
            page
              .getByRole('log')
              .evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop),
          )
          .toBeLessThanOrEqual(2);

        // With the page title scrolled away, the whole window fits between the top and
        // bottom bars: the message box and Send are in reach without scrolling further.
        await page.locator('section.chat').evaluate((el) => {
          const topbar = document.querySelector('.topbar')?.getBoundingClientRect().height ?? 0;
          window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - topbar - 8);
        });
        const bottomBar = await page.locator('.bottom-nav').boundingBox();
        const send = await page.getByRole('button', { name: c.labels.send }).boundingBox();
        expect(send).not.toBeNull();
        expect(send!.x + send!.width).toBeLessThanOrEqual(PHONE.width);
        expect(send!.y + send!.height).toBeLessThanOrEqual(bottomBar?.y ?? PHONE.height);

        expect(await seriousViolations(page)).toEqual([]);
        await shoot(page, `chat-${c.language}-phone.png`);
      } finally {
        await context.close();
      }
    });
  }

  it('ignores a blank message and answers a suggestion chip', async () => {
    const { context, page } = await openPage(browser(), baseUrl);
    try {
      await registerThroughUi(page, 'foodbank');
      expect(await chatRouteExists(page), NO_ROUTE).toBe(true);
      await openChat(page, 'en');
      const calls: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/chat')) calls.push(request.postData() ?? '');
      });
      await page.getByLabel('Your message').fill('   ');
      await page.getByRole('button', { name: 'Send' }).click();
      expect(await page.getByTestId('chat-user').count()).toBe(0);

      // A food bank is offered how to request food, not a donor's or a volunteer's questions.
      await page.getByRole('button', { name: 'How do I request food?' }).click();
      await expect
        .poll(() => page.getByTestId('chat-bot').count(), { timeout: slowed(15_000) })
        .toBe(2);
      expect(calls).toHaveLength(1);
      expect(JSON.parse(calls[0]!)).toEqual({ message: 'How do I request food?', language: 'en' });
      expect(await page.getByTestId('chat-bot').last().textContent()).toMatch(/Request/);
      expect(await page.getByTestId('chat-bot').last().textContent()).not.toMatch(/Error: /);
    } finally {
      await context.close();
    }
  });
});
