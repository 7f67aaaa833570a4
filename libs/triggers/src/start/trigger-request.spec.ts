import { checkTriggerRequest, marktlokationsIdsOf, outgoingTriggerBody } from './trigger-request';

describe(checkTriggerRequest.name, () => {
  const envelope = { stammdaten: {}, transaktionsdaten: { absender: {} } };

  it('should take an envelope with or without zusatzdaten, and the prozessId it names', () => {
    expect(checkTriggerRequest(envelope, 'START_MALOIDENT')).toEqual({
      ok: true,
      request: { body: envelope, prozessId: undefined },
    });
    const named = { ...envelope, zusatzdaten: { prozessId: 'p-1', eventname: 'START_MALOIDENT', extra: 1 } };
    expect(checkTriggerRequest(named, 'START_MALOIDENT')).toEqual({
      ok: true,
      request: { body: named, prozessId: 'p-1' },
    });
  });

  it('should name every envelope member of the wrong kind', () => {
    expect(checkTriggerRequest([envelope], 'START_MALOIDENT')).toMatchObject({ ok: false, errors: [{ pointer: '#' }] });
    const wrong = { stammdaten: [], transaktionsdaten: 'x', zusatzdaten: { prozessId: ' ', eventname: 'START_EOG' } };
    expect(checkTriggerRequest(wrong, 'START_MALOIDENT')).toEqual({
      ok: false,
      errors: [
        { pointer: '#/stammdaten', message: 'must be an object' },
        { pointer: '#/transaktionsdaten', message: 'must be an object' },
        { pointer: '#/zusatzdaten/prozessId', message: 'must be a non-blank string of at most 128 characters' },
        { pointer: '#/zusatzdaten/eventname', message: 'must be START_MALOIDENT (the event of the path) or absent' },
      ],
    });
    expect(
      checkTriggerRequest({ ...envelope, zusatzdaten: { prozessId: 'x'.repeat(129) } }, 'START_MALOIDENT').ok,
    ).toBe(false);
  });
});

describe(outgoingTriggerBody.name, () => {
  it("should set prozessId and eventname in zusatzdaten and keep the caller's other members", () => {
    const body = {
      stammdaten: {},
      transaktionsdaten: {},
      zusatzdaten: { prozessId: 'old', note: 'kept' },
      extra: true,
    };
    expect(outgoingTriggerBody({ body }, 'p-2', 'START_MALOIDENT')).toEqual({
      stammdaten: {},
      transaktionsdaten: {},
      zusatzdaten: { prozessId: 'p-2', eventname: 'START_MALOIDENT', note: 'kept' },
      extra: true,
    });
  });
});

describe(marktlokationsIdsOf.name, () => {
  it('should collect the distinct MaLo-IDs of the body', () => {
    const MARKTLOKATION = [
      { marktlokationsId: '41373559241' },
      { marktlokationsId: '41373559241' },
      {},
      'x',
      { marktlokationsId: 'y'.repeat(65) },
    ];
    expect(marktlokationsIdsOf({ body: { stammdaten: { MARKTLOKATION }, transaktionsdaten: {} } })).toEqual([
      '41373559241',
    ]);
  });
});
