/** Where a booking statement finds what the projection needs: SQL expressions of that statement. */
export interface ProjectionSources {
  /** The role (a parameter of the statement). */
  role: string;
  /** The booked state's `stammdaten` (jsonb). */
  stammdaten: string;
  /** The object descriptors (`ObjectDescriptor[]` as jsonb text, a parameter). */
  descriptors: string;
  /** A CTE that holds a row only when the booking happened (a replay writes nothing). */
  booked: string;
  recordId: string;
  revision: string;
  /** `business_object.source`: bookings (default) or an import of master data (`POST /masterData`). */
  source?: 'booking' | 'import';
}

/**
 * CTE members that project the objects a booking touched into `business_object`, in the booking's own statement (so
 * in its transaction, at no extra round trip). Append-only: no row but the new versions is written or locked, so
 * bookings of the same object by different processes never wait for each other or deadlock. Per object
 * (`descriptors`, computed by `describeBusinessObjects`):
 * - skipped when the latest version of (role, kind, id) has the same JSON (a repeated object changes nothing);
 * - else a new version with its own validity (`valid`) and the point from which it supersedes the earlier versions
 *   (`effective_from`): its own validity start, else the booking (`now()`), and for the first version of an object
 *   without a start `-infinity`. Reads resolve the versions (`BUSINESS_OBJECT_READS`).
 * The object JSON is taken from the stored state, not sent twice.
 */
export function projectionCtes(s: ProjectionSources): string {
  return `
  bo_described AS (
    SELECT d.k AS kind, d.i AS object_id, d.l AS locations, d.f AS valid_from, tstzrange(d.f, d.t, '[)') AS own_valid,
      CASE WHEN d.n IS NULL THEN (${s.stammdaten}) -> d.k ELSE (${s.stammdaten}) -> d.k -> d.n END AS body
    FROM jsonb_to_recordset(${s.descriptors}::jsonb) AS d(k text, n int, i text, f timestamptz, t timestamptz, l text[])
  ),
  bo_changed AS (
    SELECT o.*, latest.id AS latest_id FROM bo_described o
    LEFT JOIN LATERAL (
      SELECT b.id, b.body FROM business_object b
      WHERE b.role = ${s.role} AND b.kind = o.kind AND b.object_id = o.object_id ORDER BY b.id DESC LIMIT 1
    ) latest ON true
    WHERE o.body IS NOT NULL AND latest.body IS DISTINCT FROM o.body
  ),
  bo_projected AS (
    INSERT INTO business_object (role, kind, object_id, valid, effective_from, locations, body, source, record_id, revision)
    SELECT ${s.role}, c.kind, c.object_id, c.own_valid,
      COALESCE(c.valid_from, CASE WHEN c.latest_id IS NULL THEN '-infinity'::timestamptz ELSE now() END),
      c.locations, c.body, '${s.source ?? 'booking'}', ${s.recordId}, ${s.revision}
    FROM bo_changed c, ${s.booked}
  )`;
}

/**
 * `projectionCtes` for a batch of creates (`INSERT_RECORDS_WITH_REVISIONS`): the objects of every booked create (CTE
 * `booked`: `seq`, `id`, `current`, `body`, `objects`), each create's state being `current`, else its body (an English
 * body's state is its canonical form). Within a batch an object one create
 * touches may be touched by a later one too: the later is compared with the earlier (not with the stored version it
 * cannot see yet) and supersedes it from the booking on, exactly as if the two had been booked one after the other.
 */
export function batchProjectionCtes(role: string): string {
  return `
  bo_described AS (
    SELECT x.seq, d.o, x.id AS record_id, d.k AS kind, d.i AS object_id, d.l AS locations, d.f AS valid_from,
      tstzrange(d.f, d.t, '[)') AS own_valid,
      CASE WHEN d.n IS NULL THEN COALESCE(x.current, x.body) -> 'stammdaten' -> d.k
        ELSE COALESCE(x.current, x.body) -> 'stammdaten' -> d.k -> d.n END AS body
    FROM booked x,
      ROWS FROM (jsonb_to_recordset(x.objects) AS (k text, n int, i text, f timestamptz, t timestamptz, l text[])) WITH ORDINALITY
        AS d(k, n, i, f, t, l, o)
  ),
  bo_in_batch AS (
    SELECT o.*, lag(o.body) OVER w AS earlier_body, lag(o.seq) OVER w AS earlier_seq
    FROM bo_described o WHERE o.body IS NOT NULL
    WINDOW w AS (PARTITION BY o.kind, o.object_id ORDER BY o.seq, o.o)
  ),
  bo_changed AS (
    SELECT o.*, latest.id AS latest_id FROM bo_in_batch o
    LEFT JOIN LATERAL (
      SELECT b.id, b.body FROM business_object b
      WHERE b.role = ${role} AND b.kind = o.kind AND b.object_id = o.object_id ORDER BY b.id DESC LIMIT 1
    ) latest ON o.earlier_seq IS NULL
    WHERE CASE WHEN o.earlier_seq IS NULL THEN latest.body IS DISTINCT FROM o.body ELSE o.earlier_body IS DISTINCT FROM o.body END
  ),
  bo_projected AS (
    INSERT INTO business_object (role, kind, object_id, valid, effective_from, locations, body, source, record_id, revision)
    SELECT ${role}, c.kind, c.object_id, c.own_valid,
      COALESCE(c.valid_from, CASE WHEN c.latest_id IS NULL AND c.earlier_seq IS NULL THEN '-infinity'::timestamptz ELSE now() END),
      c.locations, c.body, 'booking', c.record_id, 1
    FROM bo_changed c ORDER BY c.seq, c.o
  )`;
}

/**
 * The versions among `candidates` (a table or subquery of `business_object` rows, aliased `v`) that pass `filter`, with
 * `columns` and the range each is in force over, `effective`: its own validity from its `effective_from` up to the
 * earliest `effective_from` of a later version of the same object (wherever that one is located). Every reader of the
 * read model resolves versions through this one expression (docs/read-model.md, "Versions").
 */
export function versionsInForce(candidates: string, filter: string, columns: string): string {
  return `
  SELECT ${columns},
    v.valid * tstzrange(v.effective_from, CASE WHEN s.superseded_from IS NULL THEN NULL ELSE GREATEST(v.effective_from, s.superseded_from) END, '[)')
      AS effective
  FROM ${candidates} v
  LEFT JOIN LATERAL (
    SELECT min(w.effective_from) AS superseded_from FROM business_object w
    WHERE w.role = v.role AND w.kind = v.kind AND w.object_id = v.object_id AND w.id > v.id
  ) s ON true
  WHERE ${filter}`;
}
