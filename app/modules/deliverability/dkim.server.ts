import { createPrivateKey, createPublicKey, generateKeyPairSync } from "node:crypto";
import { readFileSync } from "node:fs";

export interface DkimSettings {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/**
 * The DKIM signing settings from DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (PEM text, or a
 * path to a PEM file); null when any is unset. A key that cannot be read stops the start with why.
 */
export function dkimSettingsFrom(env: { DKIM_DOMAIN?: string; DKIM_SELECTOR?: string; DKIM_PRIVATE_KEY?: string }): DkimSettings | null {
  if (!env.DKIM_DOMAIN || !env.DKIM_SELECTOR || !env.DKIM_PRIVATE_KEY) return null;
  const privateKey = env.DKIM_PRIVATE_KEY.includes("-----BEGIN") ? env.DKIM_PRIVATE_KEY.replace(/\\n/g, "\n") : readKeyFile(env.DKIM_PRIVATE_KEY);
  try {
    createPrivateKey(privateKey);
  } catch {
    throw new Error("DKIM_PRIVATE_KEY is not a PEM private key (nor a path to one)");
  }
  return { domainName: env.DKIM_DOMAIN.toLowerCase(), keySelector: env.DKIM_SELECTOR, privateKey };
}

function readKeyFile(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    throw new Error(`DKIM_PRIVATE_KEY: cannot read the key file ${path}`);
  }
}

/** The DNS TXT record to publish: its name and value (`v=DKIM1; k=rsa; p=<public key>`). */
export function dkimDnsRecord(settings: DkimSettings): { name: string; value: string } {
  const publicKey = createPublicKey(settings.privateKey).export({ type: "spki", format: "der" }).toString("base64");
  return { name: `${settings.keySelector}._domainkey.${settings.domainName}`, value: `v=DKIM1; k=rsa; p=${publicKey}` };
}

/** A new 2048-bit RSA key pair for DKIM (npm run dkim:keygen). */
export function generateDkimKeyPair(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    publicKey: publicKey.export({ type: "spki", format: "pem" }).toString(),
  };
}

/** The domain of a From header ('Harmonia <hello@harmonia.example>' → harmonia.example). */
export function fromDomain(from: string): string | null {
  return from.match(/@([^>\s]+)/)?.[1]?.toLowerCase() ?? null;
}
