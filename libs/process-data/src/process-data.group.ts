import { defineInterfaceGroup } from '@maco/platform';
import { processDataOpenApi } from './openapi/openapi-document';
import { OPENAPI_EXAMPLES } from './openapi/openapi-examples.generated';
import { processDataConfig } from './process-data.config';
import { PROCESS_DATA_LOG_FIELDS } from './process-data.log-fields';
import { ProcessDataModule } from './process-data.module';
import { PROCESS_DATA_PROBLEMS } from './process-data.problems';

/** The MaCo "Prozessdaten" interface group: the middleware books market processes (create, update). */
export const PROCESS_DATA_GROUP = defineInterfaceGroup({
  name: 'process-data',
  module: ProcessDataModule,
  config: processDataConfig,
  problems: PROCESS_DATA_PROBLEMS,
  logFields: PROCESS_DATA_LOG_FIELDS,
  openApi: processDataOpenApi(OPENAPI_EXAMPLES),
});
