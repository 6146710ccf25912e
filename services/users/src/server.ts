import { startTracing } from '@corestone/service-kit/tracing'; // before anything loads http, pg or fastify
startTracing('users');

import { runService } from '@corestone/service-kit';
import { UsersConfig } from './config';
import { startService } from './start';

runService(UsersConfig, startService);
