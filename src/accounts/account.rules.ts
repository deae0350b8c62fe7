/**
 * What a new account must give (docs/api.md §D2): a name, a throughput tier in range, and either
 * no platform details at all (a simulated WABA and number) or all of them, with numeric ids.
 */
import { TidingsError } from '../errors.js';

/** Default per-number send throughput: 80 msg/s per registered number. */
export const DEFAULT_THROUGHPUT = 80;
/** The platform's top throughput tier. */
export const MAX_THROUGHPUT = 1000;

export interface CreateAccountInput {
  name: string;
  /** Platform identity; all omitted = a fresh simulated WABA and number. */
  wabaId?: string;
  phoneNumberId?: string;
  /** The number as the platform shows it; digits, optionally with `+`. */
  phoneNumber?: string;
  accessToken?: string;
  /** Overrides WHATSAPP_APP_SECRET for this account's webhooks. */
  appSecret?: string;
  /** The numbers' messages/s tier, 1..1000: an override the platform's reading never replaces. Left out: 80 until the platform tells. */
  throughput?: number;
}

/**
 * Checks a new account's input.
 * @returns its trimmed name, its tier (DEFAULT_THROUGHPUT when not given) and whether it is simulated
 * @throws TidingsError parameter_missing / parameter_invalid naming the field
 */
export function checkNewAccount(input: CreateAccountInput): { name: string; throughput: number; simulated: boolean } {
  const name = input.name.trim();
  if (name === '') throw new TidingsError('parameter_missing', 'An account needs a name.', { param: 'name' });
  const throughput = input.throughput ?? DEFAULT_THROUGHPUT;
  if (!Number.isInteger(throughput) || throughput < 1 || throughput > MAX_THROUGHPUT) {
    throw new TidingsError('parameter_invalid', `throughput must be a whole number from 1 to ${MAX_THROUGHPUT}.`, {
      param: 'throughput',
    });
  }
  const platformFields = [input.wabaId, input.phoneNumberId, input.phoneNumber, input.accessToken];
  const simulated = platformFields.every((v) => v === undefined);
  if (!simulated) {
    const missing = (['wabaId', 'phoneNumberId', 'phoneNumber', 'accessToken'] as const).find((k) => !input[k]);
    if (missing) {
      throw new TidingsError(
        'parameter_missing',
        `A platform account needs wabaId, phoneNumberId, phoneNumber and accessToken; ${missing} is missing.`,
        { param: missing },
      );
    }
    for (const k of ['wabaId', 'phoneNumberId'] as const) {
      if (!/^\d+$/.test(input[k]!))
        throw new TidingsError('parameter_invalid', `${k} must be the platform's numeric id.`, { param: k });
    }
  }
  return { name, throughput, simulated };
}
