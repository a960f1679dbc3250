// Every file this project writes is private: the embedded database, its backups and the uploads hold
// session tokens, the auth secret, password hashes and members' personal data, and no other user of
// the machine may read them (issue 34). Each entry point (the server, every npm script that writes)
// calls this before it touches the disk, so what it creates is owner-only (folders 0700, files 0600),
// as are the files of the programs it starts (pg_dump, the build). Plain JavaScript so that
// server/main.js runs it before anything else loads; files made before, or by a library that sets
// modes of its own, are tightened by app/lib/private-files.server.ts.

/** Owner-only: no permission for the group or other users on anything this process creates. */
export const PRIVATE_UMASK = 0o077;

export function keepNewFilesPrivate() {
  process.umask(PRIVATE_UMASK);
}
