import type { RefusedDetail, ResubmitAnswer } from '@maco/process-data/api';
import {
  bodyView,
  cleanRefusedFilters,
  describeState,
  dismissReason,
  formatBytes,
  problemErrors,
  quarantineFillText,
  refusedActions,
  refusedApiQuery,
  refusedFiltersFromSearch,
  refusedFiltersToSearch,
  resubmitResult,
  shorten,
  WAITING_CODE,
} from './refused';

const ENTRY: RefusedDetail = {
  id: '0b6f1c1e-7d6a-4c57-9a43-2f1d2b3c4d5e',
  role: 'LF',
  operation: 'update',
  path: '/updateProcessData',
  status: 422,
  code: 'PROCESS_DATA.BODY_INVALID',
  detail: 'The body is invalid',
  pruefidentifikator: '55001',
  receivedAt: '2026-04-01T10:00:00.000Z',
  state: 'open',
  requestId: 'req-1',
  tokenSubject: 'middleware',
  contentType: 'application/json',
  bodySize: 42,
  command: null,
  problem: {
    title: 'Request body invalid',
    status: 422,
    detail: 'The body is invalid',
    code: 'PROCESS_DATA.BODY_INVALID',
    errors: [{ pointer: '/stammdaten', message: 'must be an object' }],
  },
  body: { stammdaten: 1 },
  bodyText: '{"stammdaten":1}',
  resolvedAt: null,
  resolvedBusinessKey: null,
  resolvedRevision: null,
  resolvedBy: null,
  dismissedAt: null,
  dismissedReason: null,
  dismissedBy: null,
};

describe('the refused filters', () => {
  it('should default to the open entries and leave the default out of the URL', () => {
    expect(refusedFiltersFromSearch('')).toEqual({ state: 'open' });
    expect(refusedFiltersToSearch({ state: 'open' })).toBe('');
    expect(refusedFiltersFromSearch('?state=nonsense')).toEqual({ state: 'open' });
  });

  it('should write the URL query in a fixed order without empty values and read it back', () => {
    const search = refusedFiltersToSearch({
      to: '2026-04-30',
      operation: 'update',
      code: ' PROCESS_DATA.BODY_INVALID ',
      state: 'dismissed',
      pruefidentifikator: '',
      from: '2026-04-01',
    });
    expect(search).toBe(
      '?state=dismissed&code=PROCESS_DATA.BODY_INVALID&operation=update&from=2026-04-01&to=2026-04-30',
    );
    expect(refusedFiltersFromSearch(search)).toEqual({
      state: 'dismissed',
      code: 'PROCESS_DATA.BODY_INVALID',
      operation: 'update',
      from: '2026-04-01',
      to: '2026-04-30',
    });
  });

  it('should drop an unknown operation and unreadable dates', () => {
    expect(cleanRefusedFilters({ state: 'all', operation: 'delete', from: 'yesterday', to: '2026-02-30' })).toEqual({
      state: 'all',
    });
  });

  it('should build the API query: days as UTC ranges with an exclusive end, all as no state, then limit and cursor', () => {
    const query = refusedApiQuery(
      {
        state: 'open',
        code: 'X',
        pruefidentifikator: '55001',
        operation: 'create',
        from: '2026-04-01',
        to: '2026-04-30',
      },
      { limit: 50, cursor: 'abc' },
    );
    expect(query.toString()).toBe(
      'state=open&code=X&pruefidentifikator=55001&operation=create&from=2026-04-01T00%3A00%3A00.000Z&to=2026-05-01T00%3A00%3A00.000Z&limit=50&cursor=abc',
    );
    expect(refusedApiQuery({ state: 'all' }).toString()).toBe('');
    expect(refusedApiQuery({ state: 'resolved' }, { cursor: null }).toString()).toBe('state=resolved');
  });
});

describe(describeState.name, () => {
  it('should say what an open entry waits for', () => {
    expect(describeState(ENTRY)).toMatch(/operator/);
    expect(describeState({ ...ENTRY, code: WAITING_CODE })).toMatch(
      /automatically once a write brings one of its keys/,
    );
  });

  it('should say how, when and as what an entry was resolved', () => {
    expect(
      describeState({
        ...ENTRY,
        state: 'resolved',
        resolvedBy: 'resubmit',
        resolvedAt: 'T',
        resolvedBusinessKey: 'BK-1',
        resolvedRevision: 2,
      }),
    ).toBe('Resolved by a resubmit on T as BK-1 revision 2.');
    expect(
      describeState(
        {
          ...ENTRY,
          state: 'resolved',
          resolvedBy: 'automatic',
          resolvedAt: '2026-04-02T00:00:00.000Z',
          resolvedBusinessKey: 'BK-1',
          resolvedRevision: 1,
        },
        () => 'yesterday',
      ),
    ).toBe('Resolved automatically on yesterday as BK-1 revision 1.');
  });

  it('should say who dismissed an entry, when and why', () => {
    expect(
      describeState({
        ...ENTRY,
        state: 'dismissed',
        dismissedBy: 'alice',
        dismissedAt: 'T',
        dismissedReason: 'test message',
      }),
    ).toBe('Dismissed by alice on T: test message');
    expect(describeState({ ...ENTRY, state: 'dismissed' })).toBe('Dismissed.');
  });
});

describe(refusedActions.name, () => {
  it('should offer both actions on an open entry to a session that may write, and nothing else', () => {
    expect(refusedActions(ENTRY, true)).toEqual({ resubmit: true, dismiss: true });
    expect(refusedActions(ENTRY, false)).toEqual({ resubmit: false, dismiss: false });
    expect(refusedActions({ state: 'resolved' }, true)).toEqual({ resubmit: false, dismiss: false });
    expect(refusedActions({ state: 'dismissed' }, true)).toEqual({ resubmit: false, dismiss: false });
  });
});

describe(resubmitResult.name, () => {
  it("should read a booking from the entry's resolution, else from the receipt", () => {
    const booked: ResubmitAnswer = {
      entry: { ...ENTRY, state: 'resolved' },
      outcome: 'booked',
      receipt: { businessKey: 'BK-1', revision: 3, replayed: false, release: '04/26', findings: [] },
    };
    expect(resubmitResult(booked)).toEqual({
      kind: 'booked',
      businessKey: 'BK-1',
      revision: 3,
      replayed: false,
      findingCount: 0,
    });
    const update: ResubmitAnswer = {
      entry: { ...ENTRY, state: 'resolved', resolvedBusinessKey: 'PROCESS-1', resolvedRevision: 4 },
      outcome: 'booked',
      receipt: {
        businessKey: 'SUB-1',
        processBusinessKey: 'PROCESS-1',
        matchedBy: 'targetBusinessKey',
        revision: 4,
        replayed: true,
        release: '04/26',
        findings: [{ code: 'missing-mandatory-field', pointer: '#/a', message: 'm' }],
      },
    };
    expect(resubmitResult(update)).toEqual({
      kind: 'booked',
      businessKey: 'PROCESS-1',
      revision: 4,
      replayed: true,
      findingCount: 1,
    });
  });

  it('should carry the problem of a refusal', () => {
    const problem = {
      title: 'Request body invalid',
      status: 422,
      detail: 'still invalid',
      code: 'PROCESS_DATA.BODY_INVALID',
    };
    expect(resubmitResult({ entry: ENTRY, outcome: 'refused', problem })).toEqual({ kind: 'refused', problem });
  });
});

describe('small helpers', () => {
  it('should read the field errors of a problem, leaving malformed ones out', () => {
    expect(problemErrors({ errors: [{ pointer: '/a', message: 'm' }, { pointer: 1 }, null] })).toEqual([
      { pointer: '/a', message: 'm' },
    ]);
    expect(problemErrors({})).toEqual([]);
    expect(problemErrors(null)).toEqual([]);
  });

  it('should show a parsed body as a tree and one that did not parse as its text', () => {
    expect(bodyView(ENTRY)).toEqual({ kind: 'tree', value: { stammdaten: 1 } });
    expect(bodyView({ body: null, bodyText: '{"stammdaten": ' })).toEqual({ kind: 'text', text: '{"stammdaten": ' });
    expect(bodyView({ body: null, bodyText: ' null ' })).toEqual({ kind: 'tree', value: null });
    expect(bodyView({ body: null, bodyText: '' })).toEqual({ kind: 'text', text: '' });
  });

  it('should require a non-empty reason', () => {
    expect(dismissReason('  ')).toBeNull();
    expect(dismissReason(' duplicate ')).toBe('duplicate');
  });

  it('should format sizes and shorten texts', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(2 * 1024 * 1024)).toBe('2.0 MiB');
    expect(shorten('abc', 5)).toBe('abc');
    expect(shorten('abcdefgh', 5)).toBe('abcd…');
  });
});

describe('quarantineFillText', () => {
  it('should say how much of its quota the quarantine holds', () => {
    const { text, share } = quarantineFillText({
      role: 'LF',
      bytes: 1536 * 1024,
      maxBytes: 2 * 1024 ** 3,
      entries: { open: 3, resolved: 1, dismissed: 0 },
    });
    expect(share).toBeCloseTo(0.000732, 5);
    expect(text).toContain('1.5 MiB of its 2.0 GiB quota (0.1 %): 3 open, 1 resolved, 0 dismissed');
  });
});
