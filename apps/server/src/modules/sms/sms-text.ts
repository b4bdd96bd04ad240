import type { Text } from '../../i18n/text.ts';

/**
 * A text message in both languages of the platform, as one short SMS: Chinese first, then
 * English (a phone has no Accept-Language; the applications' and bids' messages read the same).
 */
export const smsInBothLanguages = (message: Text): string => `${message.zh} ${message.en}`;
