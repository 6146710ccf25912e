export * from './api';
export * from './events';
export * from './rpc';
export * from './messages';
export * from './constants';
export * from './subjects';
