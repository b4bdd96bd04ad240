import dayjs, { type Dayjs } from 'dayjs';
import { formatTime } from './format';

// Apart from format.ts, so that pages without date pickers (the public hall) do not bring dayjs.

const SHANGHAI_OFFSET = '+08:00';

/**
 * Date pickers show platform wall time: a picked value is read as Shanghai time and sent as an
 * ISO string with its offset; a server instant is turned back into the same wall time.
 */
export function pickerToIso(value: Dayjs | null | undefined): string | undefined {
  return value ? `${value.format('YYYY-MM-DDTHH:mm')}:00${SHANGHAI_OFFSET}` : undefined;
}

export function isoToPicker(value: string | null | undefined): Dayjs | undefined {
  return value ? dayjs(formatTime(value)) : undefined;
}
