import { findingsFor, isBindingFinding } from '@maco/ahb';
import { unstorableTextError } from '@maco/database';
import {
  type Dialect,
  type FieldViolation,
  type Finding,
  type MarketRole,
  type ProcessOperation,
  receiveBody,
  type ReleaseName,
  tolerantReading,
  validateProcessData,
} from '@maco/domain';
import { commandNames, type ProblemError } from '@maco/platform';
import type { AhbRuleMode } from '../process-data.config';
import { processDataProblem } from '../process-data.problems';
import { type BookingContext, COMMAND_OF } from './booking-context';
import { overlongIndexedValues } from './indexed-values';
import type { ProcessDataEnvelope } from './process-data-envelope';
import { releaseOf } from './release-choice';
import { updateKeysOf } from './update-keys';

/** What decides whether and how a body is booked: the service's role and settings. */
export interface AcceptancePolicy {
  role: MarketRole;
  ahbRuleMode: AhbRuleMode;
  defaultRelease: ReleaseName;
}

/**
 * A body the booking takes: as it reads it (the canonical German form, whatever dialect it came in), the release it was
 * checked against, what the check found (pointers into the body as received) and the dialect it came in.
 */
export interface AcceptedBody {
  envelope: ProcessDataEnvelope;
  release: ReleaseName;
  findings: Finding[];
  dialect: Dialect;
}

/** A pointer into the canonical form as a pointer into the body as received. */
type PointerOf = (canonical: string) => string;

export type BodyValidator = (body: unknown) => FieldViolation[];

/**
 * Accepts a body or throws the problem it is answered with, in this order: storability (a body jsonb cannot hold is
 * never stored, whatever else is wrong), the `command`, the body's reading, its release, then the AHB: in strict mode
 * a binding finding refuses it.
 */
export function acceptBody(
  operation: ProcessOperation,
  body: unknown,
  context: BookingContext,
  policy: AcceptancePolicy,
  validate: BodyValidator = (candidate) => validateProcessData(policy.role, operation, candidate),
): AcceptedBody {
  const unstorable = unstorableTextError(body, context.jsonText);
  if (unstorable) throw unstorable;
  if (context.command !== undefined && !commandNames(context.command, COMMAND_OF[operation])) {
    throw processDataProblem(
      'REQUEST.COMMAND_MISMATCH',
      `The command query parameter must be ${COMMAND_OF[operation]} on this path, with or without a system prefix such as SAP_ (or absent).`,
    );
  }
  const received = receiveBody(body);
  if (!received.ok) throw validationFailed(received.errors);
  // English is read in the canonical German form; what is reported points into the body as received.
  const { dialect, canonical } = received;
  const pointerOf: PointerOf | undefined = dialect === 'en' ? received.pointerOf : undefined;
  const { envelope, findings: valueFindings } = readBody(operation, canonical, policy.ahbRuleMode, validate, pointerOf);
  const release = releaseOf(envelope, context.formatVersion, policy.defaultRelease);
  const ahbFindings = findingsFor(release, policy.role, operation, envelope, { receivedAt: Date.now() });
  const canonicalFindings = valueFindings.length === 0 ? ahbFindings : [...valueFindings, ...ahbFindings];
  const findings = pointerOf
    ? canonicalFindings.map((finding) => ({ ...finding, pointer: pointerOf(finding.pointer) }))
    : canonicalFindings;
  const binding = findings.filter(isBindingFinding);
  if (policy.ahbRuleMode === 'strict' && binding.length > 0) {
    const pruefidentifikator = String(envelope.transaktionsdaten['pruefidentifikator']);
    throw processDataProblem(
      'PROCESS_DATA.MANDATORY_FIELDS_MISSING',
      binding.every((finding) => finding.code === 'missing-mandatory-field')
        ? `${binding.length} field${binding.length === 1 ? '' : 's'} mandatory for Prüfidentifikator ${pruefidentifikator} in release ${release} ${binding.length === 1 ? 'is' : 'are'} missing.`
        : `${binding.length} field${binding.length === 1 ? '' : 's'} missing or failing a binding condition of the AHB of Prüfidentifikator ${pruefidentifikator} in release ${release}.`,
      { release, errors: binding.map(({ pointer, message, code }) => ({ pointer, message, code })) },
    );
  }
  return { envelope, release, findings, dialect };
}

/**
 * The body as the booking reads it. Strict mode refuses every violation of the domain's types. Report mode books a
 * value that disagrees with them verbatim with an `invalid-value` finding (the middleware never retries a refused
 * write): it refuses only a body that is no JSON object, a process key of the wrong type, an update without any key,
 * and a value too long for its index.
 */
function readBody(
  operation: ProcessOperation,
  body: unknown,
  ahbRuleMode: AhbRuleMode,
  validate: BodyValidator,
  pointerOf?: PointerOf,
): { envelope: ProcessDataEnvelope; findings: Finding[] } {
  if (ahbRuleMode === 'strict' || typeof body !== 'object' || body === null || Array.isArray(body)) {
    let violations = validate(body);
    // Valid, but a key too long for its index would fail the insert: refused like any invalid field.
    if (violations.length === 0) violations = overlongIndexedValues(body as Record<string, unknown>);
    if (violations.length > 0) throw validationFailed(violations, pointerOf);
    // Valid: the domain's types say what ProcessDataEnvelope does, and more.
    return { envelope: body as ProcessDataEnvelope, findings: [] };
  }
  const reading = tolerantReading(body as Record<string, unknown>, validate);
  const { findings, refusals } = reading;
  // Its containers are objects now, and any process key it has is a string (else it is refused below).
  const envelope = reading.envelope as ProcessDataEnvelope;
  if (operation === 'update' && Object.keys(updateKeysOf(envelope.zusatzdaten ?? {})).length === 0)
    refusals.push({
      pointer: '#/zusatzdaten/businessKey',
      message: 'is required: an update needs a key that names its process',
    });
  refusals.push(...overlongIndexedValues(reading.envelope));
  if (refusals.length > 0) throw validationFailed(refusals, pointerOf);
  return { envelope, findings };
}

function validationFailed(violations: FieldViolation[], pointerOf?: PointerOf): ProblemError {
  return processDataProblem(
    'REQUEST.VALIDATION_FAILED',
    `${violations.length} field${violations.length === 1 ? '' : 's'} of the body failed validation.`,
    {
      errors: pointerOf
        ? violations.map((violation) => ({ ...violation, pointer: pointerOf(violation.pointer) }))
        : violations,
    },
  );
}
