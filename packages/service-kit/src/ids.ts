import { v7, validate, version } from 'uuid';

/** UUIDv7: time-ordered ids, always sent as `id`. */
export const newId = (): string => v7();
export const isUuid = (value: string): boolean => validate(value) && version(value) === 7;
