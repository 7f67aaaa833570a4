import type { DeadlineView } from '@maco/operator/api';
import {
  deadlineStateColour,
  dueColour,
  dueRows,
  processDeadlineColour,
  relativeDue,
  withOverduePage,
} from './deadlines';

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

  it('should put the overdue deadlines on top, then the open ones in order, one past its due since overdue too', () => {
    const longAgo = deadline(at(-600), { state: 'missed' });
    const lately = deadline(at(-300), { state: 'missed' });
    const passed = deadline(at(-1));
    const soon = deadline(at(30));
    const later = deadline(at(3000));
    expect(dueRows([longAgo, lately], [passed, soon, later], NOW)).toEqual([
      { deadline: longAgo, overdue: true },
      { deadline: lately, overdue: true },
      { deadline: passed, overdue: true },
      { deadline: soon, overdue: false },
      { deadline: later, overdue: false },
    ]);
  });

  it('should start the overdue list with its first page and append each later one', () => {
    const [a, b, c] = [deadline(at(-900)), deadline(at(-800)), deadline(at(-700))];
    const first = withOverduePage(null, { items: [a, b], nextCursor: 'c1' }, null);
    expect(first).toEqual({ items: [a, b], nextCursor: 'c1' });
    const both = withOverduePage(first, { items: [c], nextCursor: null }, 'c1');
    expect(both).toEqual({ items: [a, b, c], nextCursor: null });
    // Read again from the start (a refresh): the first page replaces what was read.
    expect(withOverduePage(both, { items: [c], nextCursor: 'c2' }, null)).toEqual({ items: [c], nextCursor: 'c2' });
  });

  it("should colour a process's deadline like the Due page while it is owed, grey once answered", () => {
    const answer = { pruefidentifikator: '55017', revision: 2, at: at(-10) };
    expect(processDeadlineColour({ due: at(30), state: 'open' }, NOW)).toBe('orange');
    expect(processDeadlineColour({ due: at(600), state: 'open' }, NOW)).toBe('yellow');
    expect(processDeadlineColour({ due: at(3000), state: 'open' }, NOW)).toBe('green');
    // Open past its due (the sweep has not marked it yet), and missed with no answer: overdue.
    expect(processDeadlineColour({ due: at(-1), state: 'open' }, NOW)).toBe('red');
    expect(processDeadlineColour({ due: at(-600), state: 'missed' }, NOW)).toBe('red');
    // Answered in time, or late: nothing owed, whatever the time left.
    expect(processDeadlineColour({ due: at(30), state: 'met', answeredBy: answer }, NOW)).toBe('gray');
    expect(processDeadlineColour({ due: at(-600), state: 'missed', answeredBy: answer }, NOW)).toBe('gray');
  });

  it('should colour the state of a deadline', () => {
    expect(deadlineStateColour('open')).toBe('blue');
    expect(deadlineStateColour('met')).toBe('green');
    expect(deadlineStateColour('missed')).toBe('red');
  });
});
