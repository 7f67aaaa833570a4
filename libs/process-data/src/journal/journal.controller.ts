import { Controller } from '@nestjs/common';
import { Route } from '@maco/platform';
import type { JournalUsage } from '../process-data-api';
import { BookingJournal } from './booking-journal';
import { JOURNAL_USAGE_ROUTE } from './journal-routes';

/** The write journal for operators: what waits for the database on this instance. */
@Controller()
export class JournalController {
  constructor(private readonly journal: BookingJournal) {}

  @Route(JOURNAL_USAGE_ROUTE)
  usage(): JournalUsage {
    return this.journal.usage();
  }
}
