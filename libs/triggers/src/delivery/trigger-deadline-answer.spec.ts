import { triggerDeadlineAnswer } from './trigger-deadline-answer';

const body = (transaktionsdaten: Record<string, unknown>, zusatzdaten: Record<string, unknown>) => ({
  stammdaten: {},
  transaktionsdaten,
  zusatzdaten,
});

describe(triggerDeadlineAnswer.name, () => {
  it('should answer with the PI the body names among its event’s, on the process it names', () => {
    expect(
      triggerDeadlineAnswer(
        'LF',
        '10/26',
        'START_BESTELLUNG_SDAE',
        body({ pruefidentifikator: '55156' }, { targetBusinessKey: 'BK-1' }),
      ),
    ).toEqual({ rules: ['GPKE_ABRECHNUNGSDATEN_BKA_RUECKMELDUNG'], pruefidentifikator: '55156' });
  });

  it('should carry the request numbers the body refers to', () => {
    expect(
      triggerDeadlineAnswer(
        'LF',
        '10/26',
        'START_BESTELLUNG_SDAE',
        body({ pruefidentifikator: '55220', anfragereferenznummer: ' V-7 ' }, { targetBusinessKey: 'BK-1' }),
      ),
    ).toEqual({ rules: ['GPKE_ABRECHNUNGSDATEN_NNA_RUECKMELDUNG'], pruefidentifikator: '55220', references: ['V-7'] });
  });

  it('should answer with the only PI of an event that produces one answer', () => {
    expect(
      triggerDeadlineAnswer('MSB', '10/26', 'START_ANGEBOT_GERAETEUEBERNAHME', body({}, { targetBusinessKey: 'BK-2' })),
    ).toEqual({ rules: ['WIM_GERAETEUEBERNAHME_ANGEBOT'], pruefidentifikator: '15001' });
  });

  it.each([
    ['no process named', body({ pruefidentifikator: '55220' }, {})],
    ['a blank process named', body({ pruefidentifikator: '55220' }, { targetBusinessKey: ' ' })],
    ['several answer PIs possible, none named', body({}, { targetBusinessKey: 'BK-3' })],
    ['a PI named that is no answer', body({ pruefidentifikator: '55180' }, { targetBusinessKey: 'BK-3' })],
  ])('should answer nothing with %s', (_, sent) => {
    expect(triggerDeadlineAnswer('LF', '10/26', 'START_BESTELLUNG_SDAE', sent)).toBeUndefined();
  });

  it('should answer nothing for an event the release does not have', () => {
    expect(
      triggerDeadlineAnswer('MSB', '04/26', 'START_ANGEBOT_GERAETEUEBERNAHME', body({}, { targetBusinessKey: 'BK-4' })),
    ).toBeUndefined();
  });
});
