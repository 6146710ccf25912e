import { startTracing } from '@corestone/service-kit/tracing'; // before anything loads http, pg or fastify
startTracing('content');

import { runService } from '@corestone/service-kit';
import { ContentConfig } from './config';
import { startService } from './start';

runService(ContentConfig, startService);
