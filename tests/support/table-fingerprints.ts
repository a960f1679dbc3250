import type { DatabaseHandle } from "#app/lib/db.server";

/** Every table of the site's schemas (public, and the migrations ledger) with its row count and a checksum of its rows. */
export async function tableFingerprints(handle: DatabaseHandle): Promise<Record<string, string>> {
  const tables = await handle.executeSql(
    "select table_schema || '.' || table_name as name from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1",
    [],
  );
  const fingerprints: Record<string, string> = {};
  for (const { name } of tables.rows as { name: string }[]) {
    const quoted = name.split(".").map((part) => `"${part}"`).join(".");
    const result = await handle.executeSql(
      `select count(*)::int as count, md5(coalesce(string_agg(row_text, '|' order by row_text), '')) as checksum from (select t::text as row_text from ${quoted} t) rows`,
      [],
    );
    const row = result.rows[0] as { count: number; checksum: string };
    fingerprints[name] = `${row.count} ${row.checksum}`;
  }
  return fingerprints;
}

/** `count` community rows made in one statement (a large list without the cost of the join form). */
export async function insertCommunityRows(handle: DatabaseHandle, count: number): Promise<void> {
  await handle.executeSql(
    "insert into community (name, email, phone, interest, consent_accepted_at) select 'Person ' || n, 'person' || n || '@example.test', '+1619555' || lpad((n % 10000)::text, 4, '0'), 'meditation', now() from generate_series(1, $1::int) as n",
    [count],
  );
}
