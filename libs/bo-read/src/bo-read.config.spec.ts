import { ConfigurationError, valueOrThrow } from '@maco/platform';
import { boReadConfig } from './bo-read.config';

describe('boReadConfig', () => {
  const load = (env: Record<string, string>) => valueOrThrow(boReadConfig.parse(env));

  it('should answer wrapped unless READ_ANSWER_SHAPE says array', () => {
    expect(load({})).toEqual({ answerShape: 'wrapped' });
    expect(load({ READ_ANSWER_SHAPE: '' })).toEqual({ answerShape: 'wrapped' });
    expect(load({ READ_ANSWER_SHAPE: 'wrapped' })).toEqual({ answerShape: 'wrapped' });
    expect(load({ READ_ANSWER_SHAPE: ' array ' })).toEqual({ answerShape: 'array' });
  });

  it.each(['Array', 'list'])(
    'should refuse READ_ANSWER_SHAPE=%s as a configuration error naming the variable',
    (shape) => {
      expect(() => load({ READ_ANSWER_SHAPE: shape })).toThrow(ConfigurationError);
      expect(boReadConfig.parse({ READ_ANSWER_SHAPE: shape })).toEqual({
        ok: false,
        problems: [
          {
            variable: 'READ_ANSWER_SHAPE',
            message: `READ_ANSWER_SHAPE must be one of wrapped, array (got "${shape}")`,
          },
        ],
      });
    },
  );
});
