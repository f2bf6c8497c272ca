import { describe, expect, it } from 'vitest';
import { forgotPasswordRequestSchema, registerFormSchema, registerRequestSchema } from './auth';

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

const valid = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'Ada@Example.com ',
  password: 'Analytical-engine-1',
  confirmPassword: 'Analytical-engine-1',
  terms: true,
  newsletter_subscribed: true,
};

describe('register form (spec §5)', () => {
  it('accepts a valid form, trimming and lower-casing the e-mail', () => {
    const result = registerFormSchema.safeParse(valid);
    expect(result.success).toBe(true);
    expect(result.data?.email).toBe('ada@example.com');
  });

  it('gives one required message per empty field', () => {
    const result = registerFormSchema.safeParse({
      first_name: '',
      last_name: ' ',
      email: '',
      password: '',
      confirmPassword: '',
      terms: false,
    });
    expect(messages(result)).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
      terms: 'You must agree to the Terms of Service',
    });
  });

  it('checks lengths, e-mail shape and matching passwords', () => {
    const result = registerFormSchema.safeParse({
      ...valid,
      first_name: 'A',
      last_name: 'B',
      email: 'a@b',
      password: 'short',
      confirmPassword: 'other',
    });
    expect(messages(result)).toEqual({
      first_name: 'First name must be at least 2 characters',
      last_name: 'Last name must be at least 2 characters',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters',
      confirmPassword: 'Passwords do not match',
    });
  });

  it('subscribes to the newsletter by default on the API', () => {
    const { confirmPassword: _c, terms: _t, newsletter_subscribed: _n, ...request } = valid;
    expect(registerRequestSchema.parse(request).newsletter_subscribed).toBe(true);
  });
});

describe('forgot password (spec §5)', () => {
  it('uses its own required message', () => {
    expect(messages(forgotPasswordRequestSchema.safeParse({ email: '' }))).toEqual({ email: 'Email address is required' });
    expect(messages(forgotPasswordRequestSchema.safeParse({ email: 'x@y' }))).toEqual({
      email: 'Please enter a valid email address',
    });
  });
});
