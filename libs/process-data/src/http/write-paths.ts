/**
 * The paths of the two write operations: the shipped English names, the German ones of the vendor's `_build` specs and
 * the role-structured ones of its current `maco-api.yaml` (reference/backend-interface.md §11). A middleware may be
 * configured with any of them; a path it cannot reach is a message lost, since writes are never retried.
 */
export const WRITE_PATHS = {
  create: ['createProcessData', 'erstellenProzessdaten', 'prozessdaten/:role/create'],
  update: ['updateProcessData', 'aktualisierenProzessdaten', 'prozessdaten/:role/update'],
} as const;

/** The operation of a write route, by the route path Fastify matched (`/prozessdaten/:role/create`). */
export const OPERATION_OF_WRITE_ROUTE: Readonly<Record<string, 'create' | 'update'>> = Object.fromEntries(
  (['create', 'update'] as const).flatMap((operation) => WRITE_PATHS[operation].map((path) => [`/${path}`, operation])),
);
