import { isPlainObject } from '@maco/domain';
import { type BodyCheck, bodyCheck, type OpenApiObject } from '@maco/platform';

/**
 * A checker of a body's `stammdaten` (`{"stammdaten": {"KIND": …}}`, the bodies of the import and the identification)
 * against that member's documented schema, pointers into the body: a body without it, or no object at all, has its
 * problem at `#/stammdaten` as that of a `stammdaten` that is no object.
 */
export function stammdatenCheck(schema: OpenApiObject): BodyCheck {
  const check = bodyCheck(schema);
  return (body) =>
    check(isPlainObject(body) ? body['stammdaten'] : undefined).map(({ pointer, message }) => ({
      pointer: `#/stammdaten${pointer.slice(1)}`,
      message,
    }));
}
