/** The password of every demo PKCS#12 file. */
export const CA_DEMO_PASSWORD: string;

export interface CaDemoLeaf {
  /** The PKCS#12 file (key, certificate, intermediate). */
  p12: string;
  /** The certificate, PEM. */
  pem: string;
  /** Whom or what it is for, as the summary says. */
  about: string;
}

export interface CaDemo {
  dir: string;
  password: string;
  /** Root and intermediate, PEM: CA_TRUST_FILE. */
  trustFile: string;
  /** The intermediate's revocation list, PEM: CA_CRL_FILE. */
  crlFile: string;
  root: string;
  intermediate: string;
  supplier: CaDemoLeaf;
  employee: CaDemoLeaf;
  expired: CaDemoLeaf;
  revoked: CaDemoLeaf;
}

/** Writes the demo CA files into `directory` (emptied first; refused when it holds other files). */
export function generateCaDemo(directory?: string, options?: { password?: string }): CaDemo;
