import { en } from '@/locales/en';
import { zhCN } from '@/locales/zh-CN';
import { registerCatalogues } from '@/shared/lib/i18n';

registerCatalogues({ en, 'zh-CN': zhCN });
