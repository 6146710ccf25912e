import { startTracing } from '@corestone/service-kit/tracing'; // before anything loads http, pg or fastify
startTracing('schools');

import { runService } from '@corestone/service-kit';
import { SchoolsConfig } from './config';
import { startService } from './start';

runService(SchoolsConfig, startService);
