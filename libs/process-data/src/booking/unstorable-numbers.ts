import { findUnstorableNumber } from '@maco/database';
import { processDataProblem } from '../process-data.problems';

// SQLSTATE of "value overflows numeric format": jsonb stores numbers as numeric, which has a finite range.
const NUMERIC_VALUE_OUT_OF_RANGE = '22003';

/**
 * Runs a booking statement; when PostgreSQL refuses the body for a number beyond numeric's range (which JSON.parse
 * turns into Infinity or 0, so no check of the parsed body can see it), answers 422 naming that number. The statement
 * failed, so nothing was written. Finding the number scans the text, which only such a rare body pays for.
 */
export async function refusingUnstorableNumbers<T>(bodyJson: string, book: () => Promise<T>): Promise<T> {
  try {
    return await book();
  } catch (error) {
    const violation =
      (error as { code?: unknown } | null)?.code === NUMERIC_VALUE_OUT_OF_RANGE
        ? findUnstorableNumber(bodyJson)
        : undefined;
    if (!violation) throw error;
    throw processDataProblem('REQUEST.VALIDATION_FAILED', '1 field of the body failed validation.', {
      errors: [{ pointer: violation.pointer, message: violation.message }],
    });
  }
}
