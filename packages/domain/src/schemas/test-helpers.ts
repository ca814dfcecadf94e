import type { z } from 'zod';

/** Schema test helper: the error codes of a failed parse as "path: CODE" lines ([] on success). */
export function issueCodes(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
}
