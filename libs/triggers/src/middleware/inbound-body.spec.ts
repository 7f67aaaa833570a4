import { inboundBodyText } from './inbound-body';

/** A trigger as booked: canonical German, with the prozessId and event the service set. */
const BOOKED = {
  stammdaten: { MARKTLOKATION: [{ boTyp: 'MARKTLOKATION', marktlokationsId: '51238696781', sparte: 'STROM' }] },
  transaktionsdaten: { absender: { rollencodenummer: '9900000000003' }, ausfuehrungsdatum: '2026-12-01T23:00:00Z' },
  zusatzdaten: { prozessId: 'p-1', eventname: 'START_LIEFERBEGINN' },
};

describe(inboundBodyText.name, () => {
  it('should send the booked body as it is in German', () => {
    expect(inboundBodyText(BOOKED, 'de')).toBe(JSON.stringify(BOOKED));
  });

  it('should send it in English with MACO_DIALECT=en, the event name German, the booked body unchanged', () => {
    const before = structuredClone(BOOKED);
    expect(JSON.parse(inboundBodyText(BOOKED, 'en'))).toEqual({
      masterData: {
        MARKET_LOCATION: [{ boType: 'MARKET_LOCATION', marketLocationId: '51238696781', sector: 'ELECTRICITY' }],
      },
      transactionData: { sender: { roleCodeNumber: '9900000000003' }, executionDate: '2026-12-01T23:00:00Z' },
      additionalData: { processId: 'p-1', eventname: 'START_LIEFERBEGINN' },
    });
    expect(BOOKED).toEqual(before);
  });
});
