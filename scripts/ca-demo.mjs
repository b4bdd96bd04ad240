// Demo certificates for the certificate sign-in (DESIGN §9), made with the `openssl` command:
//
//   npm run ca:demo [directory]      writes them into ./ca-demo (or the directory) and says how to use them
//   generateCaDemo(directory)        the same from another script (the browser tests), without printing
//
// A root and an intermediate CA; under the intermediate an employee's and a supplier's certificate
// for two demo accounts, one that has expired and one that is revoked; the revocation lists of
// both CAs (the intermediate's names the revoked one). Every leaf is an RSA 2048 key with key usage digitalSignature, exported as a
// PKCS#12 file with OpenSSL 3's defaults (PBES2, PBKDF2-HMAC-SHA256, AES-256-CBC) under one
// password. The directory is written anew on every run.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The password of every demo PKCS#12 file. */
export const CA_DEMO_PASSWORD = 'CaDemo@2026';

/** The demo accounts the certificates name (apps/server/src/seed/demo.ts). */
const LEAVES = {
  supplier: {
    subject: '/C=CN/O=Hangzhou Jianye Construction Co., Ltd./CN=Li Wei',
    about: 'supplier Li Wei (phone 13900000001, Hangzhou Jianye Construction)',
  },
  employee: { subject: '/C=CN/O=Demo Owner/CN=Olivia Owner', about: 'employee owner1 (Olivia Owner, Demo Owner)' },
  expired: { subject: '/C=CN/O=Demo Owner/CN=Expired Demo', about: 'expired a month ago' },
  revoked: { subject: '/C=CN/O=Demo Owner/CN=Revoked Demo', about: 'revoked, listed in crl.pem' },
};

const DAY_MS = 86_400_000;
/** The file that marks a directory as ca:demo's, so that a run may empty it. */
const MARKER = '.ca-demo';

/** `YYYYMMDDHHMMSSZ`, the time form of `openssl ca -startdate/-enddate`. */
const asn1Time = (date) =>
  date
    .toISOString()
    .replace(/[-:T]/g, '')
    .replace(/\.\d+Z$/, 'Z');

const randomSerial = () =>
  `0x${randomBytes(16)
    .toString('hex')
    .replace(/^[89a-f]/, '1')}`;

// The intermediate signs with `openssl ca`, which keeps the index its revocation list is made from.
const caConfig = (dir) => `
[ca]
default_ca = intermediate

[intermediate]
dir = ${dir}
database = $dir/index.txt
new_certs_dir = $dir/issued
certificate = $dir/intermediate.pem
private_key = $dir/intermediate.key
crlnumber = $dir/crlnumber
rand_serial = yes
default_md = sha256
default_days = 730
default_crl_days = 30
unique_subject = no
preserve = yes
email_in_dn = no
policy = any
copy_extensions = none

# The root signs only the intermediate (openssl x509): its index stays empty, and so does its list.
[root]
dir = ${dir}
database = $dir/root-index.txt
certificate = $dir/root.pem
private_key = $dir/root.key
crlnumber = $dir/root-crlnumber
default_md = sha256
default_crl_days = 30

[any]
countryName = optional
organizationName = optional
commonName = supplied

[leaf]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = clientAuth
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid

[intermediate_ext]
basicConstraints = critical, CA:TRUE, pathlen:0
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
`;

/**
 * Writes the demo CA, certificates, revocation list and PKCS#12 files into `directory` (emptied
 * first) and answers where each is.
 */
export function generateCaDemo(directory = 'ca-demo', { password = CA_DEMO_PASSWORD } = {}) {
  const dir = path.resolve(directory);
  // Written anew, but never over a directory of something else (`npm run ca:demo .` by mistake).
  if (existsSync(dir) && readdirSync(dir).length > 0 && !existsSync(path.join(dir, MARKER))) {
    throw new Error(`${dir} is not empty and was not written by ca:demo; name an empty or new directory`);
  }
  rmSync(dir, { recursive: true, force: true });
  const work = path.join(dir, 'work');
  mkdirSync(path.join(work, 'issued'), { recursive: true });
  const at = (name) => path.join(dir, name);
  const inWork = (name) => path.join(work, name);
  const openssl = (...args) => execFileSync('openssl', args, { cwd: work, stdio: ['ignore', 'pipe', 'pipe'] });

  writeFileSync(
    path.join(dir, MARKER),
    'Written by `npm run ca:demo` (scripts/ca-demo.mjs); rewritten on every run.\n',
  );
  writeFileSync(inWork('index.txt'), '');
  writeFileSync(inWork('crlnumber'), '1000\n');
  writeFileSync(inWork('root-index.txt'), '');
  writeFileSync(inWork('root-crlnumber'), '1000\n');
  writeFileSync(inWork('ca.cnf'), caConfig(work));
  const cnf = inWork('ca.cnf');
  const rsa = ['-newkey', 'rsa:2048', '-nodes'];

  // The root, self-signed for ten years.
  openssl(
    'req',
    '-x509',
    ...rsa,
    '-keyout',
    inWork('root.key'),
    '-out',
    at('root.pem'),
    '-days',
    '3650',
    '-subj',
    '/C=CN/O=Low-value Bid Demo/CN=Low-value Bid Demo Root CA',
    '-utf8',
    '-sha256',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
    '-addext',
    'subjectKeyIdentifier=hash',
    '-set_serial',
    randomSerial(),
  );
  // The intermediate, signed by the root for five years.
  openssl(
    'req',
    '-new',
    ...rsa,
    '-keyout',
    inWork('intermediate.key'),
    '-out',
    inWork('intermediate.csr'),
    '-subj',
    '/C=CN/O=Low-value Bid Demo/CN=Low-value Bid Demo Issuing CA',
    '-utf8',
  );
  openssl(
    'x509',
    '-req',
    '-in',
    inWork('intermediate.csr'),
    '-CA',
    at('root.pem'),
    '-CAkey',
    inWork('root.key'),
    '-set_serial',
    randomSerial(),
    '-days',
    '1825',
    '-sha256',
    '-extfile',
    cnf,
    '-extensions',
    'intermediate_ext',
    '-out',
    at('intermediate.pem'),
  );
  writeFileSync(inWork('intermediate.pem'), readFileSync(at('intermediate.pem')));
  writeFileSync(inWork('root.pem'), readFileSync(at('root.pem')));
  writeFileSync(at('trust.pem'), Buffer.concat([readFileSync(at('root.pem')), readFileSync(at('intermediate.pem'))]));

  const now = Date.now();
  const files = {};
  for (const [name, leaf] of Object.entries(LEAVES)) {
    openssl(
      'req',
      '-new',
      ...rsa,
      '-keyout',
      inWork(`${name}.key`),
      '-out',
      inWork(`${name}.csr`),
      '-subj',
      leaf.subject,
      '-utf8',
    );
    const dates =
      name === 'expired'
        ? ['-startdate', asn1Time(new Date(now - 400 * DAY_MS)), '-enddate', asn1Time(new Date(now - 30 * DAY_MS))]
        : ['-startdate', asn1Time(new Date(now - DAY_MS)), '-days', '730'];
    openssl(
      'ca',
      '-batch',
      '-config',
      cnf,
      '-extensions',
      'leaf',
      '-notext',
      '-utf8',
      ...dates,
      '-in',
      inWork(`${name}.csr`),
      '-out',
      at(`${name}.pem`),
    );
    // The PKCS#12 file carries the key, the certificate and the intermediate above it.
    openssl(
      'pkcs12',
      '-export',
      '-inkey',
      inWork(`${name}.key`),
      '-in',
      at(`${name}.pem`),
      '-certfile',
      at('intermediate.pem'),
      '-name',
      `${name} (demo)`,
      '-passout',
      `pass:${password}`,
      '-out',
      at(`${name}.p12`),
    );
    files[name] = { p12: at(`${name}.p12`), pem: at(`${name}.pem`), about: leaf.about };
  }
  openssl('ca', '-config', cnf, '-revoke', at('revoked.pem'), '-crl_reason', 'keyCompromise');
  // The lists of both CAs, so that the server checks every certificate below the root: the
  // intermediate's (naming the revoked one), then the root's (empty).
  openssl('ca', '-config', cnf, '-gencrl', '-crldays', '30', '-out', inWork('intermediate-crl.pem'));
  openssl('ca', '-config', cnf, '-name', 'root', '-gencrl', '-crldays', '30', '-out', inWork('root-crl.pem'));
  writeFileSync(
    at('crl.pem'),
    Buffer.concat([readFileSync(inWork('intermediate-crl.pem')), readFileSync(inWork('root-crl.pem'))]),
  );

  return {
    dir,
    password,
    trustFile: at('trust.pem'),
    crlFile: at('crl.pem'),
    root: at('root.pem'),
    intermediate: at('intermediate.pem'),
    supplier: files.supplier,
    employee: files.employee,
    expired: files.expired,
    revoked: files.revoked,
  };
}

function printSummary(demo) {
  // Paths under the working directory as ./ca-demo/…, others in full.
  const rel = (file) => {
    const inside = path.relative(process.cwd(), file);
    return inside && !inside.startsWith('..') && !path.isAbsolute(inside) ? inside : file;
  };
  const lines = [
    `Demo certificates written to ${rel(demo.dir)}/ (PKCS#12 password: ${demo.password})`,
    '',
    ...['supplier', 'employee', 'expired', 'revoked'].map(
      (name) => `  ${rel(demo[name].p12).padEnd(28)} ${demo[name].about}`,
    ),
    `  ${rel(demo.trustFile).padEnd(28)} trusted CAs: demo root + intermediate`,
    `  ${rel(demo.crlFile).padEnd(28)} revocation lists of the intermediate and the root (next update in 30 days)`,
    '',
    'Start the server trusting them:',
    `  CA_TRUST_FILE=${demo.trustFile} CA_CRL_FILE=${demo.crlFile} npm start`,
    '',
    'A certificate signs in only once it is bound to its account:',
    '  supplier: sign in at /weblogin (phone 13900000001), open Company information (web/company),',
    `            "Bind a certificate", pick ${rel(demo.supplier.p12)} and type the password;`,
    '  employee: sign in at /adminlogin as owner1, open the profile, "Bind a certificate" with',
    `            ${rel(demo.employee.p12)}.`,
    'Then sign out and use the "Certificate" tab of the sign-in page.',
  ];
  console.log(lines.join('\n'));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // By default beside package.json (npm runs scripts from there), ignored by git.
  const target = process.argv[2] ?? path.join(fileURLToPath(new URL('..', import.meta.url)), 'ca-demo');
  try {
    printSummary(generateCaDemo(target));
  } catch (error) {
    const detail = error?.stderr?.toString().trim();
    console.error(`ca:demo failed: ${error.message}${detail ? `\n${detail}` : ''}`);
    process.exitCode = 1;
  }
}
