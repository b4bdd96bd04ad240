/** Every fixed route of the app (spec §2); menu-driven routes come from the server menu. */
export const paths = {
  home: '/',
  login: '/login',
  webLogin: '/weblogin',
  adminLogin: '/adminlogin',
  register: '/register',
  webRegister: '/webregister',
  /**
   * The registration page with only the owners' request for a back-office account: where the
   * back-office sign-in sends people without an account (it offers no supplier registration).
   */
  backOfficeAccountRequest: '/register?for=back-office',
  mobileIndex: '/mindex',
  pub: '/pub',
  resultPub: '/resultpub',
  extract: '/extract',
  hall: '/hall',
  itemInfo: '/iteminfo',
  /** The public verification of a guarantee letter; the letter's QR code opens `?no=&code=`. */
  verify: '/verify',
  unauthorized: '/401',
  notFound: '/404',
  adminIndex: '/adminindex',
  redirect: '/redirect',
  profile: '/user/profile',
  companyInfo: '/company/info',
  companyEdit: '/company/edit',
  companyPassword: '/company/editpwd',
  guaranteeOrders: '/order',
  myGuarantees: '/order/myguarantee',
} as const;

/** Reachable without a token (spec §2 "Routes reachable without signing in"). */
export const PUBLIC_PATHS: readonly string[] = [
  paths.home,
  paths.login,
  paths.register,
  paths.adminLogin,
  paths.webLogin,
  paths.webRegister,
  paths.mobileIndex,
  paths.pub,
  paths.resultPub,
  paths.extract,
  paths.hall,
  paths.itemInfo,
  paths.verify,
  paths.unauthorized,
  paths.notFound,
];

/** A path without its trailing slashes (`/hall/` is `/hall`); the root stays `/`. */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(normalisePath(pathname));
}
