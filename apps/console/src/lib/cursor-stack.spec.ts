import { canGoBack, FIRST_PAGE, nextPage, pageNumber, previousPage } from './cursor-stack';

describe('the cursor stack', () => {
  it('should start on the first page with no way back', () => {
    expect(FIRST_PAGE.current).toBeNull();
    expect(canGoBack(FIRST_PAGE)).toBe(false);
    expect(pageNumber(FIRST_PAGE)).toBe(1);
  });

  it('should go forward with each next cursor and back through the same cursors', () => {
    const second = nextPage(FIRST_PAGE, 'c2');
    const third = nextPage(second, 'c3');

    expect([third.current, pageNumber(third), canGoBack(third)]).toEqual(['c3', 3, true]);
    const backToSecond = previousPage(third);
    expect(backToSecond).toEqual(second);
    const backToFirst = previousPage(backToSecond);
    expect(backToFirst).toEqual(FIRST_PAGE);
    expect(previousPage(backToFirst)).toEqual(FIRST_PAGE);
  });

  it('should not change the stack it was given', () => {
    const second = nextPage(FIRST_PAGE, 'c2');
    nextPage(second, 'c3');

    expect(second).toEqual({ current: 'c2', previous: [null] });
    expect(FIRST_PAGE).toEqual({ current: null, previous: [] });
  });
});
