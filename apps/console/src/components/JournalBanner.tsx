import { Alert, Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import type { JournalUsage } from '@maco/process-data/api';
import { ApiError, errorText } from '../lib/api';
import { clockTime, journalBanner, journalStaleText } from '../lib/journal';
import { useSession } from '../session';

/** How often the banner reads `GET /journal` (and whenever the window gets the focus). */
const POLL_MS = 5_000;

interface JournalRead {
  /** The latest answer; null before the first, or when the service has no journal. */
  usage: JournalUsage | null;
  readAt: string | null;
  /** Why the latest read failed (the banner then shows the one before); null when it succeeded. */
  failure: string | null;
}

const NOTHING_READ: JournalRead = { usage: null, readAt: null, failure: null };

/**
 * The banner over every page while writes wait in the service's write journal (the database is away): how many, since
 * when, and how full the journal is. Polls `GET /journal`; a failed read keeps what the last one showed.
 */
export function JournalBanner(): ReactNode {
  const { api } = useSession();
  const [read, setRead] = useState<JournalRead>(NOTHING_READ);

  useEffect(() => {
    let cancelled = false;
    let reading = false;
    const readJournal = async (): Promise<void> => {
      if (reading) return;
      reading = true;
      try {
        const usage = await api.get<JournalUsage>('/journal');
        if (!cancelled) setRead({ usage, readAt: new Date().toISOString(), failure: null });
      } catch (error) {
        if (cancelled) return;
        // A service without the journal has nothing to show; any other failure (401 included) keeps the last answer.
        if (error instanceof ApiError && error.status === 404) setRead(NOTHING_READ);
        else setRead((current) => ({ ...current, failure: errorText(error) }));
      } finally {
        reading = false;
      }
    };
    const onFocus = (): void => void readJournal();
    void readJournal();
    const timer = window.setInterval(onFocus, POLL_MS);
    window.addEventListener('focus', onFocus);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [api]);

  const now = Date.now();
  const banner = read.usage && journalBanner(read.usage, now);
  if (!banner) return null;
  const time = (value: string): string => clockTime(value, now);
  return (
    <Alert
      color={banner.share >= 1 ? 'red' : banner.share >= 0.8 ? 'orange' : 'yellow'}
      title="Write journal"
      role="status"
      mb="md"
    >
      <Text size="sm" title={banner.since ?? undefined}>
        {banner.text}
      </Text>
      {banner.fill && (
        <Text size="sm" mt={4} aria-label="Write journal fill">
          {banner.fill}
        </Text>
      )}
      {read.failure && read.readAt && (
        <Text size="xs" c="dimmed" mt={4}>
          {journalStaleText(read.readAt, read.failure, time)}
        </Text>
      )}
    </Alert>
  );
}
