import { defineInterfaceGroup } from '@maco/platform';
import { boReadConfig } from './bo-read.config';
import { BO_READ_LOG_FIELDS } from './bo-read.log-fields';
import { BoReadModule } from './bo-read.module';
import { BO_READ_PROBLEMS } from './bo-read.problems';
import { boReadOpenApi } from './openapi/bo-read-openapi';

/** "BO4E Lesen (Backend)": the middleware reads the master data the backend holds, by location and key date. */
export const BO_READ_GROUP = defineInterfaceGroup({
  name: 'bo-read',
  module: BoReadModule,
  config: boReadConfig,
  problems: BO_READ_PROBLEMS,
  logFields: BO_READ_LOG_FIELDS,
  openApi: boReadOpenApi(),
});
