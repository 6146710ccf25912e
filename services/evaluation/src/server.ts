import { startTracing } from '@corestone/service-kit/tracing'; // before anything loads http, pg or fastify
startTracing('evaluation');

import { runService } from '@corestone/service-kit';
import { EvaluationConfig } from './config';
import { startService } from './start';

runService(EvaluationConfig, startService);
