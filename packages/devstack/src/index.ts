export * from './servers';
export * from './platform';
