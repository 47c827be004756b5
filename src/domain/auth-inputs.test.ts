import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { firstErrors, SignInInput, SignUpInput } from './auth-inputs.ts';

const errorsOf = (r: z.ZodSafeParseResult<unknown>) => (r.success ? {} : firstErrors(r.error));

describe('SignInInput', () => {
  it('asks for a missing email and password, then for a well-formed email', () => {
    expect(errorsOf(SignInInput.safeParse({ email: '  ', password: '' }))).toEqual({ email: 'Enter your email.', password: 'Enter your password.' });
    expect(errorsOf(SignInInput.safeParse({}))).toEqual({ email: 'Enter your email.', password: 'Enter your password.' });
    expect(errorsOf(SignInInput.safeParse({ email: 'name@example', password: 'x' }))).toEqual({ email: 'Enter an email address like name@example.com.' });
  });

  it('trims the email and keeps the password as typed', () => {
    expect(SignInInput.parse({ email: ' ada@example.org ', password: ' secret ' })).toEqual({ email: 'ada@example.org', password: ' secret ' });
  });
});

describe('SignUpInput', () => {
  const ok = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', password: 'analytical' };

  it('shows one message per field, "missing" before "malformed"', () => {
    expect(errorsOf(SignUpInput.safeParse({ firstName: '', lastName: ' ', email: '', password: '' }))).toEqual({
      firstName: 'Enter your first name.',
      lastName: 'Enter your last name.',
      email: 'Enter your email.',
      password: 'Use at least 8 characters.',
    });
  });

  it('bounds names, email and password', () => {
    expect(errorsOf(SignUpInput.safeParse({ ...ok, firstName: 'a'.repeat(51) }))).toEqual({ firstName: 'Use at most 50 characters.' });
    expect(errorsOf(SignUpInput.safeParse({ ...ok, lastName: 'a'.repeat(51) }))).toEqual({ lastName: 'Use at most 50 characters.' });
    expect(errorsOf(SignUpInput.safeParse({ ...ok, email: `${'a'.repeat(320)}@example.org` }))).toEqual({
      email: 'Enter an email address like name@example.com.',
    });
    expect(errorsOf(SignUpInput.safeParse({ ...ok, email: 'not-an-email' }))).toEqual({ email: 'Enter an email address like name@example.com.' });
    expect(errorsOf(SignUpInput.safeParse({ ...ok, password: 'p'.repeat(129) }))).toEqual({ password: 'Use at most 128 characters.' });
    expect(SignUpInput.parse({ ...ok, firstName: ` ${'a'.repeat(50)} ` }).firstName).toBe('a'.repeat(50));
  });
});
