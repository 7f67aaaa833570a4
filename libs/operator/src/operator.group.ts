import { defineInterfaceGroup } from '@maco/platform';
import { operatorOpenApi } from './openapi/operator-openapi';
import { OPERATOR_LOG_FIELDS } from './operator.log-fields';
import { OperatorModule } from './operator.module';
import { OPERATOR_PROBLEMS } from './operator.problems';

/** The operator console's reads (every role): tokens with the service's role or `OPERATOR` may call them. */
export const OPERATOR_GROUP = defineInterfaceGroup({
  name: 'operator',
  module: OperatorModule,
  problems: OPERATOR_PROBLEMS,
  logFields: OPERATOR_LOG_FIELDS,
  openApi: operatorOpenApi(),
});
