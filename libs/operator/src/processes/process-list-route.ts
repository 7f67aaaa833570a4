import { MALO_ID_PATTERN } from '@maco/domain';
import { cursorParameter, instantParameter, oneOfParameter, releaseParameter, textParameter } from '@maco/platform';
import { consoleRead, FINDING_CODE, limitQuery, pruefidentifikatorQuery } from '../operator-read-route';
import { PROCESS_STATUSES } from './process-list.repository';

const PROCESS_KEY = /^[\x21-\x7e]{1,200}$/;

export const PROCESS_LIST_ROUTE = consoleRead({
  operationId: 'OPERATOR_PROCESS_LIST',
  paths: ['/processes'],
  summary: 'Process list',
  description: 'Booked processes, newest first (creation time, then business key, descending), filtered; keyset pages.',
  schema: 'Operator_ProcessPage',
  query: {
    key: textParameter(
      'Any key the process carries (business key, prozessId, sub-process key), exact.',
      PROCESS_KEY,
      '1 to 200 printable characters',
    ),
    maloId: textParameter('A MaLo-ID of the process, exact.', MALO_ID_PATTERN, 'a MaLo-ID (11 digits)'),
    pruefidentifikator: pruefidentifikatorQuery(),
    release: releaseParameter('Release of the latest revision, `04/26` or `FV2604`.'),
    status: oneOfParameter('Delivery state of trigger processes.', PROCESS_STATUSES),
    findings: textParameter(
      '`any`: the latest revision has a finding; else a finding code it has.',
      FINDING_CODE,
      '"any" or a finding code such as missing-mandatory-field',
    ),
    from: instantParameter('Created at or after (date-time with offset).'),
    to: instantParameter('Created before (date-time with offset).'),
    limit: limitQuery(),
    cursor: cursorParameter(['timestamp', 'text']),
  },
});
