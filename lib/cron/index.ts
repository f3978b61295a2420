export * from './state';
export * from './expression';
export * from './next-runs';
