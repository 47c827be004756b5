import {
  MAX_PASSWORD,
  MIN_PASSWORD,
  PASSWORD_COMMON_MESSAGE,
  PASSWORD_LENGTH_MESSAGE,
  passwordContextProblem,
  type PasswordContext,
} from '../../../domain/auth-inputs.ts';

/** Why a password was refused, as better-auth error codes the sign-up page maps back to the field. */
export type PasswordProblemCode = 'PASSWORD_TOO_SHORT' | 'PASSWORD_TOO_LONG' | 'PASSWORD_TOO_COMMON' | 'PASSWORD_TOO_GUESSABLE';

let common: Promise<Set<string>> | undefined;

/**
 * The most common passwords that the length rule lets through, lowercased: the ranked list of
 * `@zxcvbn-ts/language-common` (49,233 passwords from leaked-password corpora; 17,950 of them have
 * 8 characters or more), read from the package on first use and kept. Nothing is fetched at run time.
 */
export function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()).filter((p) => p.length >= MIN_PASSWORD)),
  );
  return common;
}

/** Whether a password (any case) is on the common-passwords list. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}

/**
 * The one password policy (ASVS 5.0 6.2): 8 to 128 characters, not a trivial pattern, not built
 * from the chooser's email, names or the product name, not one of the most common passwords.
 * Answers the problem (code and message for the form) or undefined when the password is accepted.
 */
export async function passwordProblem(password: string, context: PasswordContext = {}): Promise<{ code: PasswordProblemCode; message: string } | undefined> {
  const length = [...password].length;
  if (length < MIN_PASSWORD) return { code: 'PASSWORD_TOO_SHORT', message: PASSWORD_LENGTH_MESSAGE };
  if (password.length > MAX_PASSWORD) return { code: 'PASSWORD_TOO_LONG', message: PASSWORD_LENGTH_MESSAGE };
  const inContext = passwordContextProblem(password, context);
  if (inContext) return { code: 'PASSWORD_TOO_GUESSABLE', message: inContext };
  if (await isCommonPassword(password)) return { code: 'PASSWORD_TOO_COMMON', message: PASSWORD_COMMON_MESSAGE };
  return undefined;
}
