import { i18n } from '@/shared/lib/i18n';
import { caEn } from '../locales/ca.en';
import { caZhCN } from '../locales/ca.zh-CN';

/*
 * The certificate texts (`ca.*`) arrive with the module that shows them, in both languages at
 * once (a few hundred bytes): the sign-in pages download them only when the certificate tab is
 * opened. Added without overwriting, so a catalogue loaded later keeps them.
 */
i18n.addResourceBundle('en', 'translation', { ca: caEn }, true, false);
i18n.addResourceBundle('zh-CN', 'translation', { ca: caZhCN }, true, false);
