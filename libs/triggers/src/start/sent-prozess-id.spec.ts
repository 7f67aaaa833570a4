import { toEnglish } from '@maco/domain';
import { sentProzessIdOf } from './sent-prozess-id';

describe(sentProzessIdOf.name, () => {
  it('should read the prozessId as sent in either dialect', () => {
    const german = { stammdaten: {}, transaktionsdaten: {}, zusatzdaten: { prozessId: 'p-1' } };
    expect([sentProzessIdOf(german), sentProzessIdOf(toEnglish(german)), sentProzessIdOf(null)]).toEqual([
      'p-1',
      'p-1',
      undefined,
    ]);
  });
});
