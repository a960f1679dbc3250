import { spawn, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, chmodSync } from "node:fs";
import { hostname } from "node:os";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";
import { freePort } from "./smtp-sink";

const DOVECOT = "/usr/sbin/dovecot";

export interface DovecotServer {
  /** imap://bounce:secret@127.0.0.1:<port>/INBOX */
  url: string;
  /** Appends messages to the INBOX over IMAP, as a mail server delivering them would. */
  append(messages: Array<string | Buffer>): Promise<void>;
  /**
   * Puts messages straight into the INBOX's maildir (`new/`), as a local delivery agent does: many
   * thousands in seconds, where appending each over IMAP would take minutes (the bounce bench).
   */
  deliverToMaildir(messages: Array<string | Buffer>): void;
  /** The UIDs in the INBOX that carry `keyword`, and those that do not. */
  keywordCounts(keyword: string): Promise<{ with: number; without: number }>;
  /**
   * keywordCounts over one connection kept open, for a caller that asks many times a second (a
   * bench): a login and a mailbox selection per ask would load the machine being measured.
   */
  openKeywordCounter(keyword: string): Promise<{ counts(): Promise<{ with: number; without: number }>; close(): Promise<void> }>;
  stop(): Promise<void>;
}

export const dovecotInstalled = () => existsSync(DOVECOT);

/**
 * A private Dovecot IMAP server for one test file (Debian's dovecot-imapd): its own config in a temp
 * directory, a passwd-file user `bounce`, maildir storage, plain IMAP on a free port on 127.0.0.1, run
 * in the foreground as a child of the test. No system service or system config is touched. As root,
 * Dovecot refuses to log in or store mail as root, so the mail user is the package's `dovecot` user.
 */
export async function startDovecot(): Promise<DovecotServer> {
  const dir = mkdtempSync(path.join(tmpdir(), "harmonia-dovecot-"));
  chmodSync(dir, 0o755);
  const port = await freePort();
  const { uid, gid } = mailOwner();
  mkdirSync(path.join(dir, "mail"));
  if (process.getuid?.() === 0) chownSync(path.join(dir, "mail"), uid, gid);
  writeFileSync(path.join(dir, "passwd"), `bounce:{PLAIN}secret:${uid}:${gid}::${dir}/mail/bounce::\n`);
  const asUser = process.getuid?.() !== 0 ? `default_internal_user = ${process.env.USER ?? "nobody"}\ndefault_login_user = ${process.env.USER ?? "nobody"}\n` : "";
  writeFileSync(
    path.join(dir, "dovecot.conf"),
    `${asUser}base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain
first_valid_uid = ${Math.min(uid, 100)}
mail_location = maildir:${dir}/mail/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = passwd-file
  args = username_format=%u ${dir}/passwd
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
`,
  );
  const child: ChildProcess = spawn(DOVECOT, ["-F", "-c", path.join(dir, "dovecot.conf")], { stdio: "ignore" });
  await waitForPort(port, () => readLog(dir));
  const url = `imap://bounce:secret@127.0.0.1:${port}/INBOX`;
  const withClient = async <T>(work: (client: ImapFlow) => Promise<T>): Promise<T> => {
    const client = new ImapFlow({ host: "127.0.0.1", port, secure: false, auth: { user: "bounce", pass: "secret" }, logger: false });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.logout();
    }
  };
  return {
    url,
    append: (messages) =>
      withClient(async (client) => {
        for (const message of messages) await client.append("INBOX", message);
      }),
    deliverToMaildir(messages) {
      const inbox = path.join(dir, "mail", "bounce");
      const asRoot = process.getuid?.() === 0;
      for (const folder of ["", "new", "cur", "tmp"]) {
        mkdirSync(path.join(inbox, folder), { recursive: true });
        if (asRoot) chownSync(path.join(inbox, folder), uid, gid);
      }
      const stamp = Math.floor(Date.now() / 1000);
      messages.forEach((message, index) => {
        const file = path.join(inbox, "new", `${stamp}.M${index}P${process.pid}.${hostname()}`);
        writeFileSync(file, message);
        if (asRoot) chownSync(file, uid, gid);
      });
    },
    keywordCounts: (keyword) =>
      withClient(async (client) => {
        const lock = await client.getMailboxLock("INBOX");
        try {
          const withKeyword = (await client.search({ keyword }, { uid: true })) || [];
          const without = (await client.search({ unKeyword: keyword }, { uid: true })) || [];
          return { with: withKeyword.length, without: without.length };
        } finally {
          lock.release();
        }
      }),
    async openKeywordCounter(keyword) {
      const client = new ImapFlow({ host: "127.0.0.1", port, secure: false, auth: { user: "bounce", pass: "secret" }, logger: false });
      await client.connect();
      const lock = await client.getMailboxLock("INBOX");
      return {
        async counts() {
          const without = ((await client.search({ unKeyword: keyword }, { uid: true })) || []).length;
          const total = client.mailbox ? client.mailbox.exists : without;
          return { with: total - without, without };
        },
        async close() {
          lock.release();
          await client.logout();
        },
      };
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The owner of the stored mail: this user, or the package's `dovecot` user when the tests run as root. */
function mailOwner(): { uid: number; gid: number } {
  if (process.getuid?.() !== 0) return { uid: process.getuid?.() ?? 1000, gid: process.getgid?.() ?? 1000 };
  const line = readFileSync("/etc/passwd", "utf8").split("\n").find((entry) => entry.startsWith("dovecot:"));
  if (!line) throw new Error("Running as root needs the dovecot user of the dovecot-core package");
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

function readLog(dir: string): string {
  try {
    return readFileSync(path.join(dir, "dovecot.log"), "utf8");
  } catch {
    return "";
  }
}

async function waitForPort(port: number, log: () => string): Promise<void> {
  const started = Date.now();
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    if (Date.now() - started > 10_000) throw new Error(`Dovecot did not start on port ${port}:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
