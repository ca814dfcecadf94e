import { z } from 'zod';
import {
  CAPACITIES,
  DEFAULT_CAPACITY,
  DEFAULT_ROLE,
  FSSAI_ROLES,
  ORGANIZATION_REQUIRED_ROLES,
  REGISTRABLE_ROLES,
  ROLES,
  hasAnyRole,
} from '../constants/roles.js';
import { UI_LANGUAGES } from '../constants/languages.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, TEXT_LIMITS } from '../constants/limits.js';
import {
  coordinatesSchema,
  emailSchema,
  fssaiNumberSchema,
  issue,
  optionalText,
  phoneSchema,
  requiredText,
} from './common.js';
import { userProfileSchema } from './user.js';

const passwordSchema = z
  .string(issue('REQUIRED_FIELDS_MISSING'))
  .min(1, issue('REQUIRED_FIELDS_MISSING'))
  .min(PASSWORD_MIN_LENGTH, issue('PASSWORD_TOO_SHORT'))
  .max(PASSWORD_MAX_LENGTH, issue('PASSWORD_TOO_LONG'));

/** Sign-up (seed section 5). Coordinates default to New Delhi on the server when absent. */
export const registerInputSchema = z
  .strictObject({
    role: z.enum(REGISTRABLE_ROLES, issue('ROLE_NOT_REGISTRABLE')).default(DEFAULT_ROLE),
    name: requiredText(TEXT_LIMITS.name),
    email: emailSchema,
    phone: phoneSchema,
    address: requiredText(TEXT_LIMITS.address),
    organizationName: optionalText(TEXT_LIMITS.organizationName),
    cuisine: optionalText(TEXT_LIMITS.cuisine),
    capacity: z.enum(CAPACITIES, issue('INVALID_VALUE')).default(DEFAULT_CAPACITY),
    description: optionalText(TEXT_LIMITS.description, { multiline: true }),
    password: passwordSchema,
    confirmPassword: z.string(issue('REQUIRED_FIELDS_MISSING')),
    coordinates: coordinatesSchema.optional(),
    language: z.enum(UI_LANGUAGES, issue('INVALID_VALUE')).optional(),
    /** FSSAI licence or registration number (food businesses and food banks; optional). */
    fssaiNumber: fssaiNumberSchema.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.fssaiNumber && !hasAnyRole(input.role, FSSAI_ROLES)) {
      ctx.addIssue({ code: 'custom', path: ['fssaiNumber'], message: 'FSSAI_NOT_FOR_ROLE' });
    }
    if (input.password !== input.confirmPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: 'PASSWORDS_DO_NOT_MATCH',
      });
    }
    if (hasAnyRole(input.role, ORGANIZATION_REQUIRED_ROLES) && !input.organizationName) {
      ctx.addIssue({
        code: 'custom',
        path: ['organizationName'],
        message: 'ORGANIZATION_REQUIRED',
      });
    }
  });
export type RegisterInput = z.input<typeof registerInputSchema>;
export type RegisterData = z.output<typeof registerInputSchema>;

/** Sign-in. `allowedRoles` lets a screen restrict who may sign in there (seed section 2). */
export const loginInputSchema = z.strictObject({
  email: emailSchema,
  password: z
    .string(issue('REQUIRED_FIELDS_MISSING'))
    .min(1, issue('REQUIRED_FIELDS_MISSING'))
    .max(PASSWORD_MAX_LENGTH, issue('PASSWORD_TOO_LONG')),
  rememberMe: z.boolean(issue('INVALID_VALUE')).default(false),
  allowedRoles: z
    .array(z.enum(ROLES, issue('INVALID_VALUE')))
    .max(ROLES.length)
    .optional(),
});
export type LoginInput = z.input<typeof loginInputSchema>;

/** Profile edit (seed: name, phone, address; product: location and language too). */
export const updateProfileInputSchema = z
  .strictObject({
    name: requiredText(TEXT_LIMITS.name).optional(),
    phone: phoneSchema.optional(),
    address: requiredText(TEXT_LIMITS.address).optional(),
    coordinates: coordinatesSchema.nullable().optional(),
    language: z.enum(UI_LANGUAGES, issue('INVALID_VALUE')).optional(),
    emailNotifications: z.boolean(issue('INVALID_VALUE')).optional(),
    /** Publish an impact card of this organisation (donors and receivers; off by default). */
    publicImpact: z.boolean(issue('INVALID_VALUE')).optional(),
    /** FSSAI number (food businesses and food banks); an empty string removes it. */
    fssaiNumber: fssaiNumberSchema.optional(),
  })
  .refine((input) => Object.values(input).some((v) => v !== undefined), issue('NOTHING_TO_UPDATE'));
export type UpdateProfileInput = z.input<typeof updateProfileInputSchema>;

/** Response of sign-up, sign-in and GET /api/me. */
export const sessionResponseSchema = z.object({ user: userProfileSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** "Forgot your password?": always answered the same way, whether the account exists or not. */
export const forgotPasswordInputSchema = z.strictObject({
  email: emailSchema,
  language: z.enum(UI_LANGUAGES, issue('INVALID_VALUE')).optional(),
});
export type ForgotPasswordInput = z.input<typeof forgotPasswordInputSchema>;

/** Sets a new password with the single-use token from the reset email. */
export const resetPasswordInputSchema = z
  .strictObject({
    token: z
      .string(issue('RESET_TOKEN_INVALID'))
      .min(20, issue('RESET_TOKEN_INVALID'))
      .max(200, issue('RESET_TOKEN_INVALID')),
    password: passwordSchema,
    confirmPassword: z.string(issue('REQUIRED_FIELDS_MISSING')),
  })
  .superRefine((input, ctx) => {
    if (input.password !== input.confirmPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: 'PASSWORDS_DO_NOT_MATCH',
      });
    }
  });
export type ResetPasswordInput = z.input<typeof resetPasswordInputSchema>;

/** Deleting one's own account: the password again, so a borrowed open session cannot do it. */
export const deleteAccountInputSchema = z.strictObject({
  password: z
    .string(issue('REQUIRED_FIELDS_MISSING'))
    .min(1, issue('REQUIRED_FIELDS_MISSING'))
    .max(PASSWORD_MAX_LENGTH, issue('PASSWORD_TOO_LONG')),
});
export type DeleteAccountInput = z.input<typeof deleteAccountInputSchema>;
