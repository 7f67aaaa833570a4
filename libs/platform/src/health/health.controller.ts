import { Controller, Get } from '@nestjs/common';
import { Public } from '../http/public.decorator';

@Controller('health')
export class HealthController {
  /** Liveness: the process accepts requests. */
  @Public()
  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }
}
