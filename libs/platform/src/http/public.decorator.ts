import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'maco:isPublic';

/** Opts a route out of the global bearer-token guard. Only for health, metrics and docs. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);
