export * from './camera-capture';
export * from './camera-controls';
export * from './camera-devices';
export * from './camera-errors';
export * from './grab-still';
export * from './media-types';
export * from './preview-meters';
export * from './use-camera';
