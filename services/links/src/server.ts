import { startTracing } from '@corestone/service-kit/tracing'; // before anything loads http, pg or fastify
startTracing('links');

import { runService } from '@corestone/service-kit';
import { LinksConfig } from './config';
import { startService } from './start';

runService(LinksConfig, startService);
