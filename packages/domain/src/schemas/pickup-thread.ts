import { z } from 'zod';
import { QUICK_MESSAGES, THREAD_LIMITS, THREAD_PARTIES } from '../constants/pickup-thread.js';
import { idSchema, isoDateTimeSchema, issue, requiredText } from './common.js';

/**
 * One message to a pickup's thread (POST /api/requests/{id}/thread): a quick message's code, or
 * text as typed. Exactly one of the two; both or neither is THREAD_MESSAGE_INVALID.
 */
export const threadMessageInputSchema = z
  .strictObject({
    code: z.enum(QUICK_MESSAGES, issue('THREAD_MESSAGE_INVALID')).optional(),
    text: requiredText(THREAD_LIMITS.text, { multiline: true }).optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.text === undefined), {
    ...issue('THREAD_MESSAGE_INVALID'),
    path: ['text'],
  });
export type ThreadMessageInput = z.input<typeof threadMessageInputSchema>;

/** A message as every reader of the thread gets it: who wrote it, as which party, and what. */
export const threadMessageSchema = z.object({
  id: idSchema,
  senderId: idSchema,
  senderName: z.string(),
  party: z.enum(THREAD_PARTIES),
  /** Whether the reader wrote it (their own messages sit on the other side). */
  mine: z.boolean(),
  code: z.enum(QUICK_MESSAGES).nullable(),
  text: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

/**
 * A pickup's thread: its messages oldest first, whether the reader may write, and until when
 * (null while the match is on, or when it never was one).
 */
export const pickupThreadSchema = z.object({
  requestId: idSchema,
  messages: z.array(threadMessageSchema),
  canWrite: z.boolean(),
  writableUntil: isoDateTimeSchema.nullable(),
  /** The quick messages the reader is offered (by what they are on the request). */
  quickMessages: z.array(z.enum(QUICK_MESSAGES)),
});
export type PickupThread = z.infer<typeof pickupThreadSchema>;
