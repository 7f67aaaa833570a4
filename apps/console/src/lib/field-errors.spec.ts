import { annotateBody, fieldErrorsOf, groupFieldErrors, parsePointer, pointerLabel } from './field-errors';

describe('pointers', () => {
  it('should read the URI fragment form, escapes and percent-encoding', () => {
    expect(parsePointer('#/stammdaten/MARKTLOKATION/0/marktlokationsId')).toEqual([
      'stammdaten',
      'MARKTLOKATION',
      '0',
      'marktlokationsId',
    ]);
    expect(parsePointer('/a~1b/c~0d')).toEqual(['a/b', 'c~d']);
    expect(parsePointer('#/a%20b')).toEqual(['a b']);
    expect(parsePointer('#')).toEqual([]);
    expect(parsePointer('')).toEqual([]);
  });

  it('should label a pointer as a field path', () => {
    expect(pointerLabel('#/stammdaten/MARKTLOKATION/0/marktlokationsId')).toBe(
      'stammdaten.MARKTLOKATION[0].marktlokationsId',
    );
    expect(pointerLabel('/transaktionsdaten/*/x')).toBe('transaktionsdaten[*].x');
    expect(pointerLabel('#')).toBe('(body)');
  });
});

describe('annotateBody', () => {
  const body = {
    transaktionsdaten: { absender: { rollencodenummer: '9900000000001' } },
    stammdaten: { MARKTLOKATION: [{ marktlokationsId: '5' }] },
  };

  it('should put an error on the line of an existing field', () => {
    const lines = annotateBody(body, [
      { pointer: '#/stammdaten/MARKTLOKATION/0/marktlokationsId', message: 'must be 11 digits' },
    ]);

    const annotated = lines.filter((line) => line.errors.length > 0);
    expect(annotated).toHaveLength(1);
    expect(annotated[0].text).toBe('        "marktlokationsId": "5"');
    expect(annotated[0].errors[0]).toMatchObject({
      message: 'must be 11 digits',
      missing: false,
      label: 'stammdaten.MARKTLOKATION[0].marktlokationsId',
    });
  });

  it('should put an error on a missing field at the closest member that is there', () => {
    const lines = annotateBody(body, [
      { pointer: '#/transaktionsdaten/ausfuehrungsdatum', message: 'required by START_MALOIDENT (04/26)' },
      { pointer: '#/zusatzdaten/eventname', message: 'required' },
    ]);

    const transaktionsdaten = lines.find((line) => line.text.includes('"transaktionsdaten"'));
    expect(transaktionsdaten?.errors).toEqual([
      {
        pointer: '#/transaktionsdaten/ausfuehrungsdatum',
        message: 'required by START_MALOIDENT (04/26)',
        label: 'transaktionsdaten.ausfuehrungsdatum',
        missing: true,
      },
    ]);
    expect(lines[0].errors.map((error) => error.label)).toEqual(['zusatzdaten.eventname']);
  });

  it('should print the body as the sorted pretty JSON', () => {
    expect(annotateBody({ b: [], a: 1 }, []).map((line) => line.text)).toEqual(['{', '  "a": 1,', '  "b": []', '}']);
    expect(annotateBody({ b: [], a: 1 }, []).map((line) => line.number)).toEqual([1, 2, 3, 4]);
  });
});

describe('grouping and reading errors', () => {
  it('should group messages per pointer in the given order', () => {
    expect(
      groupFieldErrors([
        { pointer: '#/b', message: 'one' },
        { pointer: '#/a', message: 'two' },
        { pointer: '#/b', message: 'three' },
      ]),
    ).toEqual([
      { pointer: '#/b', label: 'b', messages: ['one', 'three'] },
      { pointer: '#/a', label: 'a', messages: ['two'] },
    ]);
  });

  it('should keep only well-formed errors of a problem', () => {
    expect(fieldErrorsOf({ errors: [{ pointer: '#/a', message: 'x' }, { pointer: 1 }, null, 'y'] })).toEqual([
      { pointer: '#/a', message: 'x' },
    ]);
    expect(fieldErrorsOf({ title: 'no errors' })).toEqual([]);
    expect(fieldErrorsOf(null)).toEqual([]);
  });
});
