import { startTracing } from '@corestone/service-kit/tracing'; // before anything loads http, pg or fastify
startTracing('auth');

import { runService } from '@corestone/service-kit';
import { AuthConfig } from './config';
import { startService } from './start';

runService(AuthConfig, startService);
