import type { DeadlineView } from '@maco/operator/api';
import { dueColour, dueRows, relativeDue } from './deadlines';

const NOW = Date.parse('2026-05-04T10:00:00Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

const deadline = (due: string, extra: Partial<DeadlineView> = {}): DeadlineView => ({
  businessKey: `k-${due}`,
  rule: 'GPKE_KUENDIGUNG_ANTWORT',
  description: 'Answer a Kündigung',
  due,
  state: 'open',
  pruefidentifikator: '55016',
  requestRevision: 1,
  ...extra,
});

describe('deadlines', () => {
  it('should colour by the time left', () => {
    expect(dueColour(at(-1), NOW)).toBe('red');
    expect(dueColour(at(0), NOW)).toBe('red');
    expect(dueColour(at(1), NOW)).toBe('orange');
    expect(dueColour(at(119), NOW)).toBe('orange');
    expect(dueColour(at(120), NOW)).toBe('yellow');
    expect(dueColour(at(24 * 60 - 1), NOW)).toBe('yellow');
    expect(dueColour(at(24 * 60), NOW)).toBe('green');
  });

  it('should say how long until (or since) the due', () => {
    expect(relativeDue(at(0.5), NOW)).toBe('in under a minute');
    expect(relativeDue(at(-0.5), NOW)).toBe('under a minute ago');
    expect(relativeDue(at(5), NOW)).toBe('in 5 min');
    expect(relativeDue(at(200), NOW)).toBe('in 3 h 20 min');
    expect(relativeDue(at(180), NOW)).toBe('in 3 h');
    expect(relativeDue(at(-(2 * 24 * 60 + 4 * 60 + 7)), NOW)).toBe('2 d 4 h ago');
  });

  it('should put the unanswered missed deadlines on top, then the open ones in order', () => {
    const missed = deadline(at(-600), { state: 'missed' });
    const answeredLate = deadline(at(-300), {
      state: 'missed',
      answeredBy: { pruefidentifikator: '55017', revision: 2, at: at(-100) },
    });
    const soon = deadline(at(30));
    const later = deadline(at(3000));
    expect(dueRows([missed, answeredLate], [soon, later], NOW)).toEqual([
      { deadline: missed, overdue: true },
      { deadline: soon, overdue: false },
      { deadline: later, overdue: false },
    ]);
  });
});
