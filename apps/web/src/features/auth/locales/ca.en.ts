/**
 * Texts of the certificate sign-in and of the certificate bindings (DESIGN §9), in English. They
 * come with the certificate module (ca/texts.ts), not with every sign-in page; every key must also
 * exist in ca.zh-CN.ts (type-checked).
 */
export const caEn = {
  file: 'Certificate file',
  chooseFile: 'Choose a .p12 or .pfx file',
  browse: 'Choose file',
  noFile: 'A .p12 or .pfx file',
  password: 'Certificate password',
  passwordPlaceholder: 'Password of the certificate file',
  fileRequired: 'Choose your certificate file (.p12 or .pfx).',
  passwordRequired: 'Enter the password of the certificate file.',
  unreadable: 'Wrong password or not a certificate file.',
  unsupported:
    'The browser cannot open this file’s encryption. Export the certificate again with AES encryption (the default of OpenSSL 3 and current Windows).',
  noKey: 'The file holds no private key with its certificate.',
  keyType: 'Only certificates with an RSA or an ECDSA P-256 key can sign in.',
  keyNote: 'The certificate is opened in this browser and signs here: its private key is never sent.',
  title: 'Certificates',
  bind: 'Bind a certificate',
  bindIntro:
    'Pick your certificate file and type its password. The browser signs a one-time challenge with the certificate’s key; once bound, the certificate signs in to this account.',
  bound: 'Certificate bound: it can now sign in to this account.',
  subject: 'Subject',
  issuer: 'Issuer',
  serialNumber: 'Serial number',
  validUntil: 'Valid until',
  boundAt: 'Bound at',
  actions: 'Actions',
  expired: 'Expired',
  remove: 'Remove',
  removeTitle: 'Remove this certificate?',
  removeConfirm: 'It will no longer sign in to this account.',
  removed: 'Certificate removed.',
  empty: 'No certificate is bound to this account.',
} as const;
