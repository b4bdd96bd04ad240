/** Business constants and limits shared by server and web (spec §5, §9). */
export const DUPLICATE_SUBMIT_WINDOW_MS = 1;
export const REQUEST_TIMEOUT_MS = 1_000_000;
export const CAPTCHA_TIMEOUT_MS = 20_000;
export const MOBILE_BREAKPOINT_PX = 992;
export const SIDEBAR_WIDTH_PX = 250;
export const HEADER_LOGO_WIDTH_PX = 300;
export const IMAGE_PREVIEW_WIDTH_PX = 800;
export const ERROR_TOAST_MS = 2_000;
export const DEFAULT_THEME_COLOR = '#409EFF';
export const PRESET_THEME_COLORS = [
  '#409EFF',
  '#ff4500',
  '#ff8c00',
  '#ffd700',
  '#90ee90',
  '#00ced1',
  '#1e90ff',
  '#c71585',
] as const;
export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const UPLOAD_MAX_FILES = 5;
export const UPLOAD_MAX_MB = 5;
export const DOCUMENT_TYPES = ['doc', 'xls', 'ppt', 'txt', 'pdf'] as const;
export const IMAGE_TYPES = ['png', 'jpg', 'jpeg'] as const;
/** Cookie holding the session token on the web side. */
export const TOKEN_COOKIE = 'Admin-Token';
export const LAYOUT_SETTINGS_KEY = 'layout-setting';
export const SMS_CODE_LENGTH = 6;
export const SMS_RESEND_SECONDS = 60;
