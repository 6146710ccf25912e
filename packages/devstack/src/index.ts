export * from './servers';
export * from './platform';
export * from './cluster';
