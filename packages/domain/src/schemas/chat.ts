import { z } from 'zod';
import { CHAT_LANGUAGES } from '../constants/languages.js';
import { CHAT_SENDERS } from '../constants/choices.js';
import { TEXT_LIMITS } from '../constants/limits.js';
import { issue, plainTextChecks, requiredEnum } from './common.js';

export { CHAT_SENDERS };
export type ChatSender = (typeof CHAT_SENDERS)[number];

/** One line of the chat window (seed section 3). */
export const chatMessageSchema = z.object({
  sender: z.enum(CHAT_SENDERS),
  text: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** POST /chat body {message, language}; a blank message is refused (the web app never sends it). */
export const chatInputSchema = z.strictObject({
  message: plainTextChecks(
    z.string(issue('CHAT_MESSAGE_EMPTY')).trim().min(1, issue('CHAT_MESSAGE_EMPTY')),
    TEXT_LIMITS.chatMessage,
    true,
  ),
  language: requiredEnum(CHAT_LANGUAGES),
});
export type ChatInput = z.input<typeof chatInputSchema>;

/**
 * POST /chat success body: the seed's `{reply}`, plus, when the assistant is unsure what was
 * meant, the closest questions it can answer, in the chosen language (the web app shows them as
 * buttons; the reply lists them too, for any other client).
 */
export const chatReplySchema = z.object({
  reply: z.string(),
  suggestions: z.array(z.string()).max(3).optional(),
});
export type ChatReply = z.infer<typeof chatReplySchema>;

/** POST /chat failure body (the seed's shape; the server adds code and details too). */
export const chatErrorSchema = z.object({ error: z.string() });
export type ChatError = z.infer<typeof chatErrorSchema>;
