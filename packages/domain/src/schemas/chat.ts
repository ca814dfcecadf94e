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

/** POST /chat success body. */
export const chatReplySchema = z.object({ reply: z.string() });
export type ChatReply = z.infer<typeof chatReplySchema>;

/** POST /chat failure body (the seed's shape; the server adds code and details too). */
export const chatErrorSchema = z.object({ error: z.string() });
export type ChatError = z.infer<typeof chatErrorSchema>;
