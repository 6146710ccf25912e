import { startTracing } from '@corestone/service-kit/tracing'; // before anything loads http, pg or fastify
startTracing('rubric');

import { runService } from '@corestone/service-kit';
import { RubricConfig } from './config';
import { startService } from './start';

runService(RubricConfig, startService);
