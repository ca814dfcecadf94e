// The WhatsApp message templates alerts are sent with, as Meta's WhatsApp Manager registers them
// (POST /{whatsapp-business-account-id}/message_templates): one per template and language, their
// texts from the message catalogue.
import { ONE_TIME_CODE, UI_LANGUAGES } from '@annasetu/domain';
import { message } from '../../messages/index.js';
import { WHATSAPP_CODE_TEMPLATE } from '../auth/otp.service.js';
import { WHATSAPP_TEMPLATES } from './phone-alerts.js';

/** A template as the Graph API's message_templates endpoint takes it. */
export interface TemplateDefinition {
  name: string;
  language: string;
  category: 'UTILITY';
  components: Array<
    | { type: 'BODY'; text: string; example: { body_text: string[][] } }
    | { type: 'BUTTONS'; buttons: Array<{ type: 'QUICK_REPLY'; text: string }> }
  >;
}

/** Each template's catalogue text, its buttons (in the order alerts send their payloads), and an example. */
const SHAPES = [
  {
    name: WHATSAPP_TEMPLATES.foodAlert,
    text: 'food_alert',
    buttons: ['take'],
    example: ['Sambar rice (20 meals) near Mylapore, Chennai, until 4:30 pm', 'KTP'],
  },
  {
    name: WHATSAPP_TEMPLATES.unclaimed,
    text: 'unclaimed',
    buttons: ['deliver', 'extend', 'withdraw'],
    example: ['Veg pulao (12 meals) near Karol Bagh, New Delhi, until 9:00 pm', 'BFU'],
  },
  {
    name: WHATSAPP_TEMPLATES.unclaimedLater,
    text: 'unclaimed',
    buttons: ['extend', 'withdraw'],
    example: ['Veg pulao (12 meals) near Karol Bagh, New Delhi, until 9:00 pm', 'BFU'],
  },
  {
    name: WHATSAPP_TEMPLATES.incoming,
    text: 'incoming',
    buttons: ['accept'],
    example: ['Veg biryani (30 meals) from Hotel Saravana, with Ravi Kumar', 'NMY'],
  },
  {
    name: WHATSAPP_TEMPLATES.notice,
    text: 'notice',
    buttons: [],
    example: ['Pickup reminder', 'Collect the food from Hotel Saravana by 6:00 pm'],
  },
] as const;

/** Every template in every language the app speaks. */
export function whatsappTemplates(): TemplateDefinition[] {
  return SHAPES.flatMap((shape) =>
    UI_LANGUAGES.map((language) => ({
      name: shape.name,
      language,
      category: 'UTILITY' as const,
      components: [
        {
          type: 'BODY' as const,
          // The catalogue writes Meta's numbered variables as {{1}}, {{2}}: given back as they are.
          text: message(language, `whatsapp.template.${shape.text}`, { 1: '{{1}}', 2: '{{2}}' }),
          example: { body_text: [[...shape.example]] },
        },
        ...(shape.buttons.length > 0
          ? [
              {
                type: 'BUTTONS' as const,
                buttons: shape.buttons.map((button) => ({
                  type: 'QUICK_REPLY' as const,
                  text: message(language, `whatsapp.button.${button}`),
                })),
              },
            ]
          : []),
      ],
    })),
  );
}

/** An authentication template as the Graph API takes it: Meta writes and translates its text. */
export interface CodeTemplateDefinition {
  name: string;
  language: string;
  category: 'AUTHENTICATION';
  components: [
    { type: 'BODY'; add_security_recommendation: true },
    { type: 'FOOTER'; code_expiration_minutes: number },
    { type: 'BUTTONS'; buttons: [{ type: 'OTP'; otp_type: 'COPY_CODE' }] },
  ];
}

/**
 * The template one-time codes go by where the server has WhatsApp and no SMSC, in every language:
 * WhatsApp's own wording with a security note, the minutes the code works, and "Copy code".
 */
export function whatsappCodeTemplates(): CodeTemplateDefinition[] {
  return UI_LANGUAGES.map((language) => ({
    name: WHATSAPP_CODE_TEMPLATE,
    language,
    category: 'AUTHENTICATION',
    components: [
      { type: 'BODY', add_security_recommendation: true },
      { type: 'FOOTER', code_expiration_minutes: ONE_TIME_CODE.validSeconds / 60 },
      { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE' }] },
    ],
  }));
}
