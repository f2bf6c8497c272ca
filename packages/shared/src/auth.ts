import { z } from 'zod';
import { NAME_MIN_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

/** Validation rules of spec §5, word for word. One source for the API and the forms. */

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function requiredText(required: string) {
  return z.string({ error: required }).trim().min(1, { error: required, abort: true });
}

function nameField(label: 'First name' | 'Last name') {
  return requiredText(`${label} is required`)
    .min(NAME_MIN_LENGTH, `${label} must be at least ${NAME_MIN_LENGTH} characters`)
    .max(100, `${label} must be at most 100 characters`);
}

export function emailField(required = 'Email is required') {
  return requiredText(required)
    .max(254, { error: 'Please enter a valid email address', abort: true })
    .regex(EMAIL_SHAPE, 'Please enter a valid email address')
    .transform((value) => value.toLowerCase());
}

export const passwordField = z
  .string({ error: 'Password is required' })
  .min(1, { error: 'Password is required', abort: true })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** POST /auth/register body. */
export const registerRequestSchema = z.object({
  first_name: nameField('First name'),
  last_name: nameField('Last name'),
  email: emailField(),
  password: passwordField,
  newsletter_subscribed: z.boolean().default(true),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** The register form: the request plus confirmation and terms (spec §5 Register). */
export const registerFormSchema = registerRequestSchema
  .extend({
    confirmPassword: z.string({ error: 'Please confirm your password' }).min(1, 'Please confirm your password'),
    terms: z.boolean().refine((accepted) => accepted, 'You must agree to the Terms of Service'),
  })
  .superRefine((form, ctx) => {
    if (form.confirmPassword && form.password !== form.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Passwords do not match' });
    }
  });
export type RegisterForm = z.input<typeof registerFormSchema>;

export const loginRequestSchema = z.object({
  email: emailField(),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
  /** The authenticator code, for accounts with two-factor sign-in. */
  totp_code: z.string().trim().max(10).optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const adminLoginRequestSchema = loginRequestSchema;

export const totpCodeSchema = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});

export const googleLoginRequestSchema = z.object({
  token: z.string({ error: 'Google ID token is required' }).min(1, 'Google ID token is required'),
});

export const forgotPasswordRequestSchema = z.object({
  email: emailField('Email address is required'),
});
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = z.object({
  token: z.string({ error: 'Reset token is required' }).min(1, 'Reset token is required'),
  new_password: passwordField,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

export const resetPasswordFormSchema = z
  .object({
    new_password: passwordField,
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  })
  .refine((form) => form.new_password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });

export const changePasswordRequestSchema = z.object({
  current_password: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
  new_password: passwordField,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const changePasswordFormSchema = changePasswordRequestSchema
  .extend({ confirmPassword: z.string().min(1, 'Please confirm your password') })
  .refine((form) => form.new_password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });

/** PUT /users/me body. */
export const updateProfileRequestSchema = z
  .object({
    first_name: nameField('First name'),
    last_name: nameField('Last name'),
    newsletter_subscribed: z.boolean(),
  })
  .partial();
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

/** The user as every auth and users route returns it (spec §3 User). */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.string(),
  auth_provider: z.enum(['local', 'google']),
  newsletter_subscribed: z.boolean(),
  avatar: z.string().nullable(),
  picture: z.string().nullable(),
  email_verified: z.boolean(),
  is_active: z.boolean(),
  totp_enabled: z.boolean(),
  total_purchases: z.number(),
  total_spent: z.number(),
  products_listed: z.number(),
  permissions: z.array(z.string()),
  roles: z.array(z.string()),
  created_at: z.string(),
});
export type PublicUser = z.output<typeof publicUserSchema>;

/** POST /users/upload-avatar. */
export const avatarUploadedSchema = z.object({
  success: z.literal(true),
  avatar_url: z.string().nullable(),
  user: publicUserSchema,
});
export type AvatarUploaded = z.output<typeof avatarUploadedSchema>;

/** A signed-in session: the user and a short-lived access token (the refresh token is an httpOnly cookie). */
export const authResponseSchema = z.object({
  user: publicUserSchema,
  access_token: z.string(),
  token_type: z.literal('bearer'),
});
export type AuthResponse = z.output<typeof authResponseSchema>;

/** POST /simple-admin/login (the spec's client checks `success`). */
export const simpleAdminSessionSchema = authResponseSchema.extend({ success: z.literal(true) });
export type SimpleAdminSession = z.output<typeof simpleAdminSessionSchema>;

/** POST /auth/change-password: the new session of this device, other devices signed out. */
export const passwordChangedSchema = authResponseSchema.extend({ message: z.string() });
export type PasswordChanged = z.output<typeof passwordChangedSchema>;

export const authProvidersSchema = z.object({ google_client_id: z.string().nullable() });
export type AuthProviders = z.output<typeof authProvidersSchema>;

/** POST /auth/verify. */
export const tokenVerifiedSchema = z.object({ valid: z.literal(true), user: publicUserSchema });

/** POST /auth/totp/setup: the secret to enter in an authenticator app, also as an otpauth:// link. */
export const totpEnrolmentSchema = z.object({ secret: z.string(), otpauth_url: z.string() });
export type TotpEnrolment = z.output<typeof totpEnrolmentSchema>;

/** POST /auth/totp/enable and /disable; enabling ends other sessions and hands this tab a fresh token. */
export const totpStateSchema = z.object({
  message: z.string(),
  totp_enabled: z.boolean(),
  access_token: z.string().optional(),
});
