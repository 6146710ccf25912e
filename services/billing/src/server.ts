import { startTracing } from '@corestone/service-kit/tracing'; // before anything loads http, pg or fastify
startTracing('billing');

import { runService } from '@corestone/service-kit';
import { BillingConfig } from './config';
import { startService } from './start';

runService(BillingConfig, startService);
