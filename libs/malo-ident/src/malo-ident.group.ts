import { defineInterfaceGroup } from '@maco/platform';
import { maloIdentConfig } from './malo-ident.config';
import { MALO_IDENT_LOG_FIELDS } from './malo-ident.log-fields';
import { MaloIdentModule } from './malo-ident.module';
import { MALO_IDENT_PROBLEMS } from './malo-ident.problems';
import { maloIdentOpenApi } from './openapi/malo-ident-openapi';

/** "MaloIdent NB (Backend)": the grid operator identifies a MaLo for a supplier and reads its master data (NB only). */
export const MALO_IDENT_GROUP = defineInterfaceGroup({
  name: 'malo-ident',
  module: MaloIdentModule,
  config: maloIdentConfig,
  problems: MALO_IDENT_PROBLEMS,
  logFields: MALO_IDENT_LOG_FIELDS,
  openApi: maloIdentOpenApi(),
});
