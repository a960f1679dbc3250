// `npm run dkim:keygen [domain] [selector]`: a new DKIM key pair and the DNS TXT record to publish.
import { dkimDnsRecord, generateDkimKeyPair } from "#app/modules/deliverability/index.server";
import { keepNewFilesPrivate } from "#server/private-umask.js";

// Before anything touches the disk: see server/private-umask.js.
keepNewFilesPrivate();

const domain = process.argv[2] ?? process.env.DKIM_DOMAIN ?? "example.org";
const selector = process.argv[3] ?? process.env.DKIM_SELECTOR ?? `harmonia${new Date().getFullYear()}`;
const { privateKey, publicKey } = generateDkimKeyPair();
const record = dkimDnsRecord({ domainName: domain, keySelector: selector, privateKey });

console.log(`# DKIM key pair for ${domain}, selector ${selector}
# Keep the private key secret: save it to a file (DKIM_PRIVATE_KEY=/path/to/key.pem) or put the PEM in DKIM_PRIVATE_KEY.

${privateKey}
${publicKey}
# Publish this DNS TXT record (split the value into 255-character strings if your DNS host asks):
${record.name}. IN TXT "${record.value}"

# Then set:
DKIM_DOMAIN=${domain}
DKIM_SELECTOR=${selector}
DKIM_PRIVATE_KEY=/path/to/key.pem`);
