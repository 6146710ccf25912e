import { startTracing } from '@corestone/service-kit/tracing'; // before anything loads http, pg or fastify
startTracing('grading');

import { runService } from '@corestone/service-kit';
import { GradingConfig } from './config';
import { startService } from './start';

runService(GradingConfig, startService);
