import {
  bdewCheckDigit,
  checkEic,
  checkIdentifier,
  checkMaloId,
  checkMarktpartnerId,
  checkMeloId,
  checkNeloId,
  checkSteuerbareRessourceId,
  checkTechnischeRessourceId,
  eicCheckCharacter,
} from './identifier-checks';

const OK = { ok: true };

describe('identifier checks (backend-interface §10)', () => {
  describe('MaLo-ID', () => {
    it.each(['41373559241', '50858721423', '74018657187'])('should accept %s', (id) => {
      expect(checkMaloId(id)).toEqual(OK);
    });

    it('should name the expected check digit of the contract example 50754496000', () => {
      expect(checkMaloId('50754496000')).toEqual({ ok: false, check: 'malo-check-digit', expected: '5' });
    });

    it('should use the 1/2 weights without digit-sum reduction (not Luhn)', () => {
      // Luhn would reduce 2 × 9 = 18 to 9; the BDEW method keeps 18.
      expect(bdewCheckDigit('4137355924', 10)).toBe(1);
      expect(checkMaloId('41373559240')).toEqual({ ok: false, check: 'malo-check-digit', expected: '1' });
    });

    it.each(['4137355924', '413735592411', '01373559241', '4137355924A', '41373 59241', ''])(
      'should refuse the format of %j',
      (id) => {
        expect(checkMaloId(id)).toEqual({ ok: false, check: 'malo-format' });
      },
    );
  });

  describe('ASCII method (NeLo, Technische and Steuerbare Ressource)', () => {
    it('should compute the BDEW worked example A113735592 → 5', () => {
      expect(bdewCheckDigit('A113735592', 10)).toBe(5);
    });

    it.each(['E1688117482', 'E1688110014', 'EABCDEFGHI5'])('should accept the NeLo-ID %s', (id) => {
      expect(checkNeloId(id)).toEqual(OK);
    });

    it('should name the expected check digit of the contract example E1688110018', () => {
      expect(checkNeloId('E1688110018')).toEqual({ ok: false, check: 'nelo-check-digit', expected: '4' });
    });

    it.each(['D1688110018', 'E168811001', 'E16881100188', 'E1688a10014', 'E168811001X', 'e1688110014'])(
      'should refuse the NeLo format of %s',
      (id) => {
        expect(checkNeloId(id)).toEqual({ ok: false, check: 'nelo-format' });
      },
    );

    it('should check a Technische Ressource (D…)', () => {
      expect(checkTechnischeRessourceId('D417MLM8164')).toEqual(OK);
      expect(checkTechnischeRessourceId('D417MLM8160')).toEqual({ ok: false, check: 'tr-check-digit', expected: '4' });
      expect(checkTechnischeRessourceId('C417MLM8164')).toEqual({ ok: false, check: 'tr-format' });
    });

    it('should check a Steuerbare Ressource (C…)', () => {
      expect(checkSteuerbareRessourceId('C816417ST77')).toEqual(OK);
      expect(checkSteuerbareRessourceId('C816417ST70')).toEqual({ ok: false, check: 'sr-check-digit', expected: '7' });
      expect(checkSteuerbareRessourceId('D816417ST77')).toEqual({ ok: false, check: 'sr-format' });
    });
  });

  describe('MeLo-ID / Zählpunktbezeichnung', () => {
    it.each(['DE0032106765712000000000000000037', 'DE00056266802AO6G56M11SN51G21M24S'])('should accept %s', (id) => {
      expect(checkMeloId(id)).toEqual(OK);
    });

    it.each([
      'DE003210676571200000000000000003', // 32 characters
      'DE00321067657120000000000000000370', // 34 characters
      'AT0032106765712000000000000000037', // not DE
      'DE003210676571200000000000000003a', // lower case
      'DE00321067657120000000-0000000037', // dash
    ])('should refuse the format of %s', (id) => {
      expect(checkMeloId(id)).toEqual({ ok: false, check: 'melo-format' });
    });
  });

  describe('MP-ID', () => {
    it.each(['9900936000002', '9979052000006', '9904000000005', '9903790000002'])(
      'should accept the BDEW code %s (MaLo weighting)',
      (id) => {
        expect(checkMarktpartnerId(id)).toEqual(OK);
      },
    );

    it.each(['4041409000006', '4045399000077', '4012345000009'])('should accept the GS1 GLN %s (EAN-13)', (id) => {
      expect(checkMarktpartnerId(id)).toEqual(OK);
    });

    it('should name the expected BDEW check digit', () => {
      expect(checkMarktpartnerId('9900936000001')).toEqual({
        ok: false,
        check: 'mpid-bdew-check-digit',
        expected: '2',
      });
    });

    it('should name the expected EAN-13 check digit', () => {
      expect(checkMarktpartnerId('4041409000000')).toEqual({ ok: false, check: 'mpid-gln-check-digit', expected: '6' });
    });

    it('should check only the format of a DVGW code (98…)', () => {
      expect(checkMarktpartnerId('9870000000001')).toEqual(OK);
      expect(checkMarktpartnerId('987000000000')).toEqual({ ok: false, check: 'mpid-format' });
    });

    it.each(['990093600000', '99009360000022', '990093600000X', ''])('should refuse the format of %j', (id) => {
      expect(checkMarktpartnerId(id)).toEqual({ ok: false, check: 'mpid-format' });
    });
  });

  describe('EIC', () => {
    it.each([
      '11YR00000004025V',
      '10YDE-EON------1',
      '10YDE-RWENET---I',
      '10YDE-VE-------2',
      '10YDE-ENBW-----N',
      '10YCB-GERMANY--8',
      '10Y1001A1001A83F',
    ])('should accept %s', (id) => {
      expect(checkEic(id)).toEqual(OK);
    });

    it('should compute the check character over the first 15 characters', () => {
      expect(eicCheckCharacter('11YR00000004025')).toBe('V');
    });

    it('should name the expected check character', () => {
      expect(checkEic('11YR00000004025W')).toEqual({ ok: false, check: 'eic-check-character', expected: 'V' });
    });

    it.each(['11YR00000004025', '11YR00000004025VV', '11yr00000004025V', '11YR0000000402_V'])(
      'should refuse the format of %s',
      (id) => {
        expect(checkEic(id)).toEqual({ ok: false, check: 'eic-format' });
      },
    );
  });

  it('should dispatch by kind', () => {
    expect(checkIdentifier('malo', '50754496000')).toMatchObject({ ok: false, check: 'malo-check-digit' });
    expect(checkIdentifier('eic', '11YR00000004025V')).toEqual(OK);
  });
});
