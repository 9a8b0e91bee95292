/**
 * The outbox's bodies compressed with lz4 instead of PostgreSQL's default pglz. A burst of approvals writes
 * 130,000 alert mails of ~8 KB (issue 27), each compressed as it is stored: pglz took 92 µs a mail, lz4 22 µs, on
 * the cores that answer searches; lz4 stores 6 % more. A server built without lz4 (PGlite) keeps pglz.
 * Statements keep their semicolons mid-line (see migrate.ts).
 */
export const up = `
do $$ begin alter table mail_outbox alter column body_html set compression lz4, alter column body_text set compression lz4; exception when feature_not_supported then null; end $$;
`;
