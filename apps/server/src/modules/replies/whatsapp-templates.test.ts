import { describe, expect, it } from 'vitest';
import { ONE_TIME_CODE, UI_LANGUAGES } from '@annasetu/domain';
import { message } from '../../messages/index.js';
import { BUTTON_TITLE_MAX } from '../whatsapp/cloud-api.js';
import { WHATSAPP_TEMPLATES } from './phone-alerts.js';
import { whatsappCodeTemplates, whatsappTemplates } from './whatsapp-templates.js';

describe('the WhatsApp templates to register', () => {
  const templates = whatsappTemplates();
  const body = (t: (typeof templates)[number]) =>
    t.components.find((c) => c.type === 'BODY') as { text: string };
  const buttons = (t: (typeof templates)[number]) =>
    (t.components.find((c) => c.type === 'BUTTONS') as { buttons: { text: string }[] } | undefined)
      ?.buttons ?? [];

  it('exist for every template in every language', () => {
    expect(templates).toHaveLength(Object.keys(WHATSAPP_TEMPLATES).length * UI_LANGUAGES.length);
  });

  it("hold Meta's numbered variables in order, never first or last", () => {
    const problems = templates.flatMap((t) => {
      const text = body(t).text;
      const variables = [...text.matchAll(/\{\{(\d+)\}\}/g)].map((m) => m[1]);
      return [
        ...(variables.join() === '1,2' ? [] : [`${t.name}/${t.language}: ${variables.join()}`]),
        ...(/^\s*\{\{|\}\}\s*$/.test(text) ? [`${t.name}/${t.language}: starts or ends`] : []),
      ];
    });
    expect(problems).toEqual([]);
  });

  it('have as many buttons as the alerts send payloads, each short enough', () => {
    const expected: Record<string, number> = {
      [WHATSAPP_TEMPLATES.foodAlert]: 1,
      [WHATSAPP_TEMPLATES.unclaimed]: 3,
      [WHATSAPP_TEMPLATES.unclaimedLater]: 2,
      [WHATSAPP_TEMPLATES.incoming]: 1,
      [WHATSAPP_TEMPLATES.notice]: 0,
    };
    for (const t of templates) {
      expect(buttons(t), `${t.name}/${t.language}`).toHaveLength(expected[t.name]!);
      for (const button of buttons(t)) {
        expect([...button.text].length, button.text).toBeLessThanOrEqual(BUTTON_TITLE_MAX);
      }
    }
  });

  it('name the "Take it" button as the button says it', () => {
    for (const t of templates.filter((t) => t.name === WHATSAPP_TEMPLATES.foodAlert)) {
      expect(body(t).text).toContain(message(t.language, 'whatsapp.button.take'));
    }
  });

  it("give one-time codes Meta's authentication template in every language, copy button and minutes", () => {
    const codes = whatsappCodeTemplates();
    expect(codes.map((t) => t.language)).toEqual([...UI_LANGUAGES]);
    for (const t of codes) {
      expect(t).toMatchObject({ name: 'annasetu_code', category: 'AUTHENTICATION' });
      expect(t.components).toContainEqual({
        type: 'FOOTER',
        code_expiration_minutes: ONE_TIME_CODE.validSeconds / 60,
      });
      expect(t.components).toContainEqual({
        type: 'BUTTONS',
        buttons: [{ type: 'OTP', otp_type: 'COPY_CODE' }],
      });
    }
  });
});
