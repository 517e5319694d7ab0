export * from './contract';
export * from './envelope';
export * from './preload';
export * from './station';
export * from './camera';
export * from './devices';
