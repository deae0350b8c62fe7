/** Schemas of a person's own security: the second factor and the password (docs/api.md §D26). */
import { Type } from '@sinclair/typebox';
import { PASSWORD_MAX } from './password.rules.js';

const Code = Type.String({ minLength: 1, maxLength: 16, description: 'The 6-digit code the authenticator app shows.' });
const RecoveryCode = Type.String({
  minLength: 1,
  maxLength: 64,
  description: 'One of the recovery codes (`xxxx-xxxx-xxxx-xxxx`; dashes, spaces and case do not matter).',
});
const Password = Type.String({ minLength: 1, maxLength: PASSWORD_MAX * 4 });

export const SecondFactorSetup = Type.Object({
  secret: Type.String({ description: 'The TOTP secret, base 32, for typing into the app by hand.' }),
  otpauthUri: Type.String({
    description: 'The `otpauth://totp/…` URI (issuer Tidings, label the email) to show as a QR code.',
  }),
});

export const ConfirmBody = Type.Object({ code: Code }, { additionalProperties: false, examples: [{ code: '492039' }] });

export const RecoveryCodes = Type.Object({
  recoveryCodes: Type.Array(Type.String(), {
    description: 'Ten recovery codes, each good once. Shown only in this answer: only their hashes are kept.',
  }),
});

export const ProofBody = Type.Object(
  { password: Type.Optional(Password), code: Type.Optional(Code) },
  {
    additionalProperties: false,
    description: 'Your current password, or a code from the app (one of them).',
    examples: [{ code: '492039' }],
  },
);

export const SecondFactorBody = Type.Object(
  { code: Type.Optional(Code), recoveryCode: Type.Optional(RecoveryCode) },
  {
    additionalProperties: false,
    description: 'A code from the app, or one of the recovery codes (one of them).',
    examples: [{ code: '492039' }],
  },
);

export const PasswordChangeBody = Type.Object(
  { currentPassword: Password, newPassword: Password },
  {
    additionalProperties: false,
    examples: [{ currentPassword: 'correct horse battery staple', newPassword: 'a new long passphrase of mine' }],
  },
);

export const PasswordChanged = Type.Object({
  otherSessionsEnded: Type.Integer({ minimum: 0, description: 'How many of your other sessions were ended.' }),
});
